//! Abbey & Mayor's barn (RULES.md §13). The barn is a figure of the
//! figure table that stands on a corner point (the engine's corner spots);
//! what is its own is here: a farm with a barn takes no farmer, and (unless
//! `barn_placement = "any-farm"`) no second barn; after a turn's scoring, a
//! barn's farm that holds farmers scores at once for them, with
//! `farm_city` when a barn was put on it this turn, with `barn_connected`
//! when a tile joined their farm to it, and the farmers (and pigs) go
//! home; at the end every barn owner scores `barn` per completed city of
//! the farm, and farms with a barn are not scored by the farm editions.

use super::problem::FarmTaken;
use crate::engine::event::Phase;
use crate::engine::features::Node;
use crate::engine::game::{FarmPay, Game, Scoring};
use crate::engine::mechanic::{Mechanic, Phases, Said, Scored, Setup, Target};
use crate::engine::violation::{Broken, ViolationKind};
use crate::rules::table::{Bears, Kept, PointKey, Row, Toggle, Values};
use crate::rules::{Figure, Point, Ruleset};
use crate::tileset::{Catalog, FeatureKind};

/// The ruleset's option of where a barn may stand (`farm-without-barn`,
/// `any-farm`).
/// The rule option `barn_placement`: may a barn go on a farm that holds one.
pub const PLACEMENT: Toggle = Toggle {
    key: "barn_placement",
    doc: "Abbey & Mayor: may a barn go on a farm that already holds a barn: no (`farm-without-barn`, the printed rule) or yes (`any-farm`).",
    values: Values::Words(&["farm-without-barn", "any-farm"]),
    always_shown: false,
    bears: Bears::Moves,
    kept: Kept::Word {
        default: "farm-without-barn",
    },
};

/// Whether the game has barns.
fn in_play(catalog: &Catalog, rules: &Ruleset) -> bool {
    rules.supply_with(Figure::BARN, &catalog.figures) > 0
}

/// `[points] barn`.
pub const BARN: PointKey = PointKey {
    key: "barn",
    modern: 4,
    doc: "Per completed city touching a farm, at the end, to each player with a barn on it (Abbey & Mayor).",
    bears: Bears::Kind {
        kind: "farm",
        complete: None,
    },
};

/// `[points] barn_connected`.
pub const BARN_CONNECTED: PointKey = PointKey {
    key: "barn_connected",
    modern: 1,
    doc: "Per completed city, to the farmers of a farm that a tile joins to a farm with a barn (Abbey & Mayor).",
    bears: Bears::Kind {
        kind: "farm",
        complete: None,
    },
};

/// The barn's `[points]` rows.
pub const RATES: [Row; 2] = [Row::Point(BARN), Row::Point(BARN_CONNECTED)];

/// The barn's turn rules, for games with barns.
#[must_use]
pub fn mechanic(setup: &Setup<'_>) -> Option<Box<dyn Mechanic>> {
    in_play(setup.catalog, setup.rules).then(|| {
        Box::new(Barns {
            any_farm: setup.rules.option(&PLACEMENT) == "any-farm",
            farm_city: setup.rules.points[Point::FarmCity],
            connected: setup.rules.points.rate(&BARN_CONNECTED),
        }) as Box<dyn Mechanic>
    })
}

/// The barn's final scoring, for games with barns.
#[must_use]
pub fn scoring(catalog: &Catalog, rules: &Ruleset, _players: usize) -> Option<Box<dyn Scoring>> {
    in_play(catalog, rules).then(|| {
        Box::new(BarnScoring {
            barn: rules.points.rate(&BARN),
            connected: rules.points.rate(&BARN_CONNECTED),
        }) as Box<dyn Scoring>
    })
}

/// The barns' turn rules.
#[derive(Debug, Clone, Copy)]
struct Barns {
    any_farm: bool,
    farm_city: u32,
    connected: u32,
}

/// The barns' final scoring.
#[derive(Debug, Clone, Copy)]
struct BarnScoring {
    barn: u32,
    connected: u32,
}

/// The farms (roots) that hold a barn, each once, in the order of their
/// first barn, with the barns' owners.
fn barn_farms(game: &Game) -> Vec<(Node, Vec<usize>)> {
    let mut out: Vec<(Node, Vec<usize>)> = Vec::new();
    for c in game.corners().iter().filter(|c| c.figure == Figure::BARN) {
        let root = game.corner_root(c);
        match out.iter_mut().find(|(r, _)| *r == root) {
            Some((_, owners)) => {
                if !owners.contains(&c.player) {
                    owners.push(c.player);
                }
            }
            None => out.push((root, vec![c.player])),
        }
    }
    out
}

/// The first barn on a farm (root), by owner.
fn barn_on(game: &Game, root: Node) -> Option<usize> {
    game.corners()
        .iter()
        .find(|c| c.figure == Figure::BARN && game.corner_root(c) == root)
        .map(|c| c.player)
}

impl Mechanic for Barns {
    fn boxed(&self) -> Box<dyn Mechanic> {
        Box::new(*self)
    }

    fn phases(&self) -> Phases {
        Phases::DEPLOY.and(Phases::SCORED)
    }

    fn deploy_problem(
        &self,
        game: &Game,
        names: &[String],
        player: usize,
        figure: Figure,
        target: Target,
    ) -> Option<ViolationKind> {
        let table = game.figures();
        let root = match target {
            Target::Feature(spot)
                if game.kind_at(spot) == FeatureKind::Field && table.is_follower(figure) =>
            {
                game.root_of(spot)
            }
            Target::Corner(point) if figure == Figure::BARN && !self.any_farm => {
                game.corner_root_at(point)?
            }
            _ => return None,
        };
        let owner = barn_on(game, root)?;
        Some(ViolationKind::Mechanic(Broken::new(FarmTaken {
            player: names[player].clone(),
            figure: table.name(figure).to_string(),
            by: names[owner].clone(),
            holder: table.name(Figure::BARN).to_string(),
        })))
    }

    fn scored(&mut self, game: &mut Game, scored: &Scored<'_>, _said: &mut Said) {
        let phase = Phase::Turn {
            number: scored.turn,
            player: scored.actor,
        };
        // Each barn's farm, in the order of the barns: a farm that holds
        // farmers now scores for them, and they go home, so a farm with
        // two barns scores once.
        for i in 0..game.corners().len() {
            let c = &game.corners()[i];
            if c.figure != Figure::BARN {
                continue;
            }
            let root = game.corner_root(c);
            if !game.followers_on(root) {
                continue;
            }
            let placed_now = game.corners().iter().any(|b| {
                b.figure == Figure::BARN
                    && b.turn == Some(scored.turn)
                    && game.corner_root(b) == root
            });
            let pay = if placed_now {
                FarmPay {
                    rule: "barn_placed",
                    words: "barn put on a farm with farmers: the farm scores at once",
                    rate: self.farm_city,
                    to: None,
                    bonus: true,
                    home: true,
                }
            } else {
                FarmPay {
                    rule: "barn_connected",
                    words: "farm joined to a barn's farm: its farmers score at once",
                    rate: self.connected,
                    to: None,
                    bonus: true,
                    home: true,
                }
            };
            game.pay_farm(root, phase, &pay);
        }
    }
}

impl Scoring for BarnScoring {
    fn boxed(&self) -> Box<dyn Scoring> {
        Box::new(*self)
    }

    fn before_farms(&mut self, game: &mut Game) {
        let farms = barn_farms(game);
        // Farmers a snapshot shows on a barn's farm score as if just
        // joined to it, then go home.
        for (root, _) in &farms {
            if game.followers_on(*root) {
                game.pay_farm(
                    *root,
                    Phase::Final,
                    &FarmPay {
                        rule: "barn_connected",
                        words: "farmers on a barn's farm score as if just joined to it",
                        rate: self.connected,
                        to: None,
                        bonus: true,
                        home: true,
                    },
                );
            }
        }
        for (root, owners) in farms {
            game.pay_farm(
                root,
                Phase::Final,
                &FarmPay {
                    rule: "barn",
                    words: "barn at the end: every barn's owner scores",
                    rate: self.barn,
                    to: Some((owners, Figure::BARN)),
                    bonus: false,
                    home: false,
                },
            );
        }
    }
}
