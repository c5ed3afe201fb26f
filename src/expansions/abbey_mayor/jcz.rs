//! Abbey & Mayor's figures in a JCloisterZone save: a wagon moving on
//! after its turn's scoring (a `DEPLOY_MEEPLE` after `COMMIT`), and a barn
//! on a corner point (JCloisterZone names the tile south-east of it).

use crate::jcz::{Context, Deployed, Element, Messages, Plays, Reading, Rule, Setup};
use crate::record::written::WrittenWhere;

/// What a save's setup says of Abbey & Mayor: the set (4.x: with the
/// abbey), the mayor, wagon and barn (in play only when the save lists
/// them), and where a barn may go. carca moves wagons as JCloisterZone's
/// default `C2`; the first edition's `C1` is refused.
pub const SETUP: Setup = Setup {
    sets: &[("abbey-and-mayor", &["abbey-mayor"])],
    legacy_sets: &[("ABBEY_AND_MAYOR", &["abbey", "abbey-mayor"])],
    elements: &[("mayor", MAYOR), ("wagon", WAGON), ("barn", BARN)],
    capabilities: &[("Mayor", MAYOR), ("Wagon", WAGON), ("Barn", BARN)],
    rules: &[
        Rule {
            name: "barn-placement",
            written: "occupied",
            plays: Plays::Option("barn_placement", "any-farm"),
        },
        Rule {
            name: "wagon-move",
            written: "C1",
            plays: Plays::Refused {
                figure: "wagon",
                why: "the first edition's wagon move (`wagon-move: C1`); carca moves wagons as JCloisterZone's default C2",
            },
        },
    ],
    legacy_rules: &[("MULTI_BARN_ALLOWED", ("barn_placement", "any-farm"))],
    start: None,
};

const MAYOR: Element = Element::Figure {
    figure: "mayor",
    listed: true,
};
const WAGON: Element = Element::Figure {
    figure: "wagon",
    listed: true,
};
const BARN: Element = Element::Figure {
    figure: "barn",
    listed: true,
};

/// A reader of Abbey & Mayor's figures.
#[must_use]
pub fn messages() -> Box<dyn Messages> {
    Box::new(AbbeyMayor)
}

struct AbbeyMayor;

impl Messages for AbbeyMayor {
    fn moved(&mut self, cx: &mut Context<'_, '_>, turn: &mut Reading, d: &Deployed<'_>) -> bool {
        if d.figure != "wagon" {
            return false;
        }
        let i = d.index;
        let (Some(to), Some(spot)) = (d.pos, d.spot.clone()) else {
            cx.unsupported(
                format!("the wagon move of replay message {i}"),
                &format!("\"{}\"", d.id),
            );
            return true;
        };
        if cx.per_player("wagon").unwrap_or(1) > 1 {
            cx.unsupported(
                "wagon moves with more than one wagon per player".into(),
                &format!("\"{}\"", d.id),
            );
            return true;
        }
        let player = d.owner.clone().or_else(|| d.who.map(str::to_string));
        super::keys::write_move(&mut turn.turn.keyed, player, to, spot, None);
        true
    }

    fn deploy(&mut self, cx: &mut Context<'_, '_>, turn: &mut Reading, d: &Deployed<'_>) -> bool {
        // A barn stands on the corner point north-west of the tile
        // JCloisterZone names (y grows south there): one of the four
        // corners of the tile just placed.
        if d.figure != "barn" || turn.deployed {
            return false;
        }
        let at = turn.at;
        let corner = d.pos.and_then(|p| match (p.x - at.x, p.y - at.y) {
            (1, 0) => Some("NE"),
            (0, 0) => Some("NW"),
            (1, -1) => Some("SE"),
            (0, -1) => Some("SW"),
            _ => None,
        });
        let Some(corner) = corner else {
            cx.unsupported(
                format!(
                    "a barn away from the tile just placed (replay message {})",
                    d.index
                ),
                &format!("\"{}\"", d.id),
            );
            return true;
        };
        turn.turn.meeple = Some(WrittenWhere::Here(corner.to_string()));
        turn.turn.figure = Some("barn".into());
        turn.deployed = true;
        true
    }
}
