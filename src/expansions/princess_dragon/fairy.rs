//! The Princess & the Dragon: the fairy (RULES.md §14). Instead of
//! deploying a figure a player may move it beside one of their followers
//! (or, under `fairy_placement = "on-tile"`, onto a tile that holds one).
//! The dragon never enters its tile; its follower's owner scores
//! `fairy_turn` at the start of each of their turns and `fairy_scored`
//! whenever that follower's feature is scored, majority or not. When its
//! follower leaves the board the fairy stays on the tile beside nobody.

use super::keys::Pick;
use super::keys::{Picked, Picker};
use super::notes::DragonNote;
use super::problem::{DragonProblem, Refused};
use super::symbols;
use crate::engine::event::{Note, NoteKind, Phase, Told};
use crate::engine::features::Node;
use crate::engine::game::{Beside, Game, Grant, Neutral, Scoring};
use crate::engine::mechanic::{Acting, Begun, Mechanic, Phases, Said, Setup, Wakes};
use crate::engine::violation::{Broken, ViolationKind};
use crate::record::{Act, Keyed, Record};
use crate::rules::table::{Bears, Kept, PointKey, Row, Toggle, Values};
use crate::rules::{Figure, Ruleset};
use crate::tileset::Catalog;

/// The ruleset's option of where the fairy stands (`next-to-follower`,
/// `on-tile`).
/// The rule option `fairy_placement`: where the fairy stands.
pub const PLACEMENT: Toggle = Toggle {
    key: "fairy_placement",
    doc: "The Princess & the Dragon: the fairy stands beside one follower (`next-to-follower`, the current rules) or on a tile (`on-tile`, the first edition: 1 point per figure of its player there, 3 to the owner of the first follower there of a feature scored).",
    values: Values::Words(&["next-to-follower", "on-tile"]),
    always_shown: false,
    bears: Bears::Moves,
    kept: Kept::Word {
        default: "next-to-follower",
    },
};

/// The neutral figure's word.
pub const FAIRY: &str = "fairy";

/// `[points] fairy_turn`.
pub const FAIRY_TURN: PointKey = PointKey {
    key: "fairy_turn",
    modern: 1,
    doc: "To the owner of the follower beside the fairy, at the start of each of their turns (The Princess & the Dragon).",
    bears: Bears::Kind {
        kind: "fairy",
        complete: None,
    },
};

/// `[points] fairy_scored`.
pub const FAIRY_SCORED: PointKey = PointKey {
    key: "fairy_scored",
    modern: 3,
    doc: "To the owner of the follower beside the fairy, whenever that follower's feature is scored (The Princess & the Dragon).",
    bears: Bears::Kind {
        kind: "fairy",
        complete: None,
    },
};

/// The fairy's `[points]` rows.
pub const RATES: [Row; 2] = [Row::Point(FAIRY_TURN), Row::Point(FAIRY_SCORED)];

/// The fairy comes with the dragon: games whose tiles show volcanoes.
fn in_play(catalog: &Catalog) -> bool {
    catalog.shows(symbols::VOLCANO)
}

/// The fairy's moves and its points at the start of a turn.
#[must_use]
pub fn mechanic(setup: &Setup<'_>) -> Option<Box<dyn Mechanic>> {
    in_play(setup.catalog).then(|| {
        Box::new(Fairy {
            on_tile: setup.rules.option(&PLACEMENT) == "on-tile",
            rate: setup.rules.points.rate(&FAIRY_TURN),
        }) as Box<dyn Mechanic>
    })
}

/// The fairy's points when its follower's feature is scored.
#[must_use]
pub fn scoring(catalog: &Catalog, rules: &Ruleset, _players: usize) -> Option<Box<dyn Scoring>> {
    in_play(catalog).then(|| {
        Box::new(FairyScored {
            on_tile: rules.option(&PLACEMENT) == "on-tile",
            rate: rules.points.rate(&FAIRY_SCORED),
        }) as Box<dyn Scoring>
    })
}

/// The fairy's moves and turn points.
#[derive(Debug, Clone)]
struct Fairy {
    /// It stands on a tile (the first edition), not beside a follower.
    on_tile: bool,
    /// `[points] fairy_turn`.
    rate: u32,
}

impl Mechanic for Fairy {
    fn boxed(&self) -> Box<dyn Mechanic> {
        Box::new(self.clone())
    }

    fn phases(&self) -> Phases {
        Phases::ACT.and(Phases::BEGIN)
    }

    fn act_keys(&self) -> &'static [&'static str] {
        &["fairy"]
    }

    fn busy(
        &self,
        game: &Game,
        phase: Phases,
        actor: usize,
        _placed: Option<usize>,
        _acts: &[Act],
    ) -> bool {
        // In the "act" phase, only a `fairy:` act wakes it.
        phase != Phases::BEGIN || self.pays(game, actor) > 0
    }

    /// No tile wakes it: a move of the fairy is an act of its own.
    fn wakes(&self, _phase: Phases) -> Wakes {
        Wakes::Never
    }

    fn action_options(
        &self,
        game: &Game,
        player: usize,
    ) -> Vec<crate::engine::mechanic::ActionOption> {
        let now = game.neutral(FAIRY);
        let table = game.figures();
        let mut out: Vec<crate::engine::mechanic::ActionOption> = Vec::new();
        for (id, f) in game.followers().iter().enumerate() {
            if !f.on_board || f.player != player || !table.is_follower(f.figure) {
                continue;
            }
            let p = &game.placed()[f.placed];
            let same = now.is_some_and(|n| {
                if self.on_tile {
                    n.at == p.pos
                } else {
                    n.beside == Some(Beside::Feature(id))
                }
            });
            let spot = (!self.on_tile).then(|| game.spot_of(id).1);
            if same || out.iter().any(|o| o.at == p.pos && o.spot == spot) {
                continue;
            }
            out.push(crate::engine::mechanic::ActionOption {
                key: "fairy",
                at: p.pos,
                height: 0,
                takes: Vec::new(),
                spot,
            });
        }
        // Beside a follower kept off any feature (on top of a tower).
        if !self.on_tile {
            for k in game.all_kept() {
                if k.owner == player
                    && table.is_follower(k.figure)
                    && now.is_none_or(|n| n.beside != Some(Beside::Kept(k.id)))
                {
                    out.push(crate::engine::mechanic::ActionOption {
                        key: "fairy",
                        at: k.at,
                        height: 0,
                        takes: Vec::new(),
                        spot: Some(k.spot.clone()),
                    });
                }
            }
        }
        out
    }

    fn act(&mut self, game: &mut Game, acting: &Acting<'_>, said: &mut Said) {
        for (i, act) in acting.acts.iter().enumerate() {
            if let Some(Picked {
                by: Picker::Fairy,
                pick,
            }) = act.get()
            {
                said.taken.push(i);
                match self.target(game, acting.actor, acting.names, pick) {
                    Ok((at, beside)) => {
                        let words = beside.and_then(|b| describe(game, b));
                        game.set_neutral(Neutral {
                            name: FAIRY,
                            at,
                            beside,
                            bars: false,
                        });
                        said.notes.push(Note {
                            turn: acting.turn,
                            player: acting.actor,
                            kind: NoteKind::Mechanic(Told::new(DragonNote::FairyMoved {
                                at,
                                beside: words,
                            })),
                        });
                    }
                    Err(why) => said.violations.push((
                        ViolationKind::Mechanic(Broken::new(Refused {
                            player: acting.names.get(acting.actor).cloned().unwrap_or_default(),
                            act: "fairy",
                            why,
                        })),
                        pick.span,
                    )),
                }
            }
        }
    }

    fn propose_acts(
        &self,
        game: &Game,
        acting: &Acting<'_>,
        pick: &mut dyn FnMut(usize) -> Option<usize>,
    ) -> Vec<Act> {
        // A player whose follower the fairy stands beside keeps it there.
        if self.pays(game, acting.actor) > 0 {
            return Vec::new();
        }
        // Now and then: a player moves the fairy when the dragon threatens,
        // which the dice stand for.
        if pick(4) != Some(0) {
            return Vec::new();
        }
        // Where `carca moves` says the fairy may go.
        let options = self.action_options(game, acting.actor);
        let Some(k) = pick(options.len()) else {
            return Vec::new();
        };
        let o = &options[k];
        let nowhere = miette::SourceSpan::from((0, 0));
        vec![Act::Keyed(Keyed::new(Picked {
            by: Picker::Fairy,
            pick: Pick {
                player: None,
                at: o.at,
                at_span: nowhere,
                spot: o.spot.clone().map(|l| (l, nowhere)),
                span: nowhere,
            },
        }))]
    }

    fn begins(&mut self, game: &mut Game, begun: &Begun, _said: &mut Said) {
        let phase = Phase::Turn {
            number: begun.turn,
            player: begun.actor,
        };
        let count = self.pays(game, begun.actor);
        if count > 0 {
            game.grant(
                phase,
                begun.actor,
                u32::try_from(count).unwrap_or(u32::MAX),
                self.rate,
                Grant {
                    rule: "fairy_turn",
                    words: "the fairy, at the start of the turn",
                    unit: if self.on_tile { "figure" } else { "turn" },
                    by: "the fairy",
                    about: None,
                },
            );
        }
    }

    fn restore(
        &mut self,
        game: &mut Game,
        record: &Record,
        said: &mut Said,
    ) -> Vec<(usize, Figure)> {
        let Some(super::keys::FairyAt(player, pick)) = record.snapshot.get() else {
            return Vec::new();
        };
        // The snapshot's followers are not on the board yet: the fairy's
        // follower is found once they are (`Mechanic::settled`), so here
        // it stands on its tile.
        match game.at(pick.at) {
            None => said.violations.push((
                ViolationKind::Mechanic(Broken::new(Refused {
                    player: record.players.get(*player).cloned().unwrap_or_default(),
                    act: "fairy",
                    why: DragonProblem::NoTile(pick.at),
                })),
                pick.at_span,
            )),
            Some(_) => game.set_neutral(Neutral {
                name: FAIRY,
                at: pick.at,
                beside: None,
                bars: false,
            }),
        }
        Vec::new()
    }

    fn settled(&mut self, game: &mut Game, record: &Record, said: &mut Said) {
        let Some(super::keys::FairyAt(player, pick)) = record.snapshot.get() else {
            return;
        };
        if pick.spot.is_none() || self.on_tile {
            return;
        }
        let Some(placed) = game.at(pick.at) else {
            return;
        };
        let name = |p: usize| record.players.get(p).cloned().unwrap_or_default();
        match beside_at(game, placed, pick, *player, &name) {
            Ok(beside) => game.set_neutral(Neutral {
                name: FAIRY,
                at: pick.at,
                beside: Some(beside),
                bars: false,
            }),
            Err(why) => said.violations.push((
                ViolationKind::Mechanic(Broken::new(Refused {
                    player: record.players.get(*player).cloned().unwrap_or_default(),
                    act: "fairy",
                    why,
                })),
                pick.span,
            )),
        }
    }
}

impl Fairy {
    /// What the fairy gives `actor` at the start of their turn: beside
    /// their follower 1 (on its tile, under `on-tile`, 1 per figure of
    /// theirs there), times `fairy_turn`.
    fn pays(&self, game: &Game, actor: usize) -> usize {
        let Some(fairy) = game.neutral(FAIRY) else {
            return 0;
        };
        if self.on_tile {
            game.figures_of_at(fairy.at, actor).count()
        } else {
            usize::from(fairy.beside.is_some_and(|b| owner(game, b) == Some(actor)))
        }
    }

    /// Where a move of the fairy takes it: the tile and the follower it
    /// stands beside, or why it may not go there.
    fn target(
        &self,
        game: &Game,
        actor: usize,
        names: &[String],
        pick: &Pick,
    ) -> Result<(crate::geometry::Pos, Option<Beside>), DragonProblem> {
        let name = |p: usize| names.get(p).cloned().unwrap_or_default();
        let placed = game.at(pick.at).ok_or(DragonProblem::NoTile(pick.at))?;
        let now = game.neutral(FAIRY);
        if let Some((p, _)) = pick.player
            && p != actor
        {
            return Err(DragonProblem::NotOwn(name(p)));
        }
        if self.on_tile && pick.spot.is_none() {
            // A tile that holds a follower of the player: a builder or a
            // pig alone does not call the fairy.
            let table = game.figures();
            if !game
                .figures_of_at(pick.at, actor)
                .any(|f| table.is_follower(f))
            {
                return Err(DragonProblem::NoFollower(pick.at));
            }
            if now.is_some_and(|n| n.at == pick.at) {
                return Err(DragonProblem::Already);
            }
            return Ok((pick.at, None));
        }
        let beside = beside_at(game, placed, pick, actor, &name)?;
        if self.on_tile {
            if now.is_some_and(|n| n.at == pick.at) {
                return Err(DragonProblem::Already);
            }
            return Ok((pick.at, None));
        }
        if now.is_some_and(|n| n.beside == Some(beside)) {
            return Err(DragonProblem::Already);
        }
        Ok((pick.at, Some(beside)))
    }
}

/// The owner of the figure the fairy stands beside, while it is still on
/// the board (on its feature, or kept off any feature).
fn owner(game: &Game, beside: Beside) -> Option<usize> {
    // Asked at the start of every turn: the owner alone, not the spot.
    game.owner_beside(beside)
}

/// The figure the fairy stands beside, in words: its word and spot.
fn describe(game: &Game, beside: Beside) -> Option<(String, crate::record::Location)> {
    game.figure_beside(beside)
        .map(|(_, spot, _, figure)| (game.figures().name(figure).to_string(), spot))
}

/// The follower of `player` at the spot a pick names on placed tile
/// `placed`: on a feature, or kept off any feature (on top of a tower);
/// an error when there is none, or none of theirs (`name` names the
/// owner of the one there).
fn beside_at(
    game: &Game,
    placed: usize,
    pick: &Pick,
    player: usize,
    name: &dyn Fn(usize) -> String,
) -> Result<Beside, DragonProblem> {
    if let Some((spot, _)) = &pick.spot
        && let Some(k) = game.kept_at(pick.at, spot)
    {
        if !game.figures().is_follower(k.figure) {
            return Err(DragonProblem::NoFollower(pick.at));
        }
        if k.owner != player {
            return Err(DragonProblem::NotOwn(name(k.owner)));
        }
        return Ok(Beside::Kept(k.id));
    }
    let (followers, owner) = followers_at(game, placed, pick)?;
    followers
        .into_iter()
        .find(|&id| game.followers()[id].player == player)
        .map(Beside::Feature)
        .ok_or_else(|| DragonProblem::NotOwn(name(owner)))
}

/// The followers (not builders, pigs or barns) standing at the spot a pick
/// names, in the order deployed, and the owner of the first; an error when
/// there are none.
pub(super) fn followers_at(
    game: &Game,
    placed: usize,
    pick: &Pick,
) -> Result<(Vec<usize>, usize), DragonProblem> {
    let p = &game.placed()[placed];
    let table = game.figures();
    let feature = pick
        .spot
        .as_ref()
        .and_then(|(l, _)| l.resolve(game.tile(p.tile()), p.rot).ok())
        .ok_or(DragonProblem::NoFollower(pick.at))?;
    let followers: Vec<usize> = game
        .figures_on_tile(placed)
        .into_iter()
        .filter(|&id| {
            let f = &game.followers()[id];
            f.feature == feature && table.is_follower(f.figure)
        })
        .collect();
    let first = *followers
        .first()
        .ok_or(DragonProblem::NoFollower(pick.at))?;
    Ok((followers, game.followers()[first].player))
}

/// The fairy's points when a feature is scored.
#[derive(Debug, Clone)]
struct FairyScored {
    /// It stands on a tile (the first edition).
    on_tile: bool,
    /// `[points] fairy_scored`.
    rate: u32,
}

impl Scoring for FairyScored {
    fn boxed(&self) -> Box<dyn Scoring> {
        Box::new(self.clone())
    }

    fn scored(&mut self, game: &mut Game, root: Node, phase: Phase) {
        let Some(fairy) = game.neutral(FAIRY).cloned() else {
            return;
        };
        let table = game.figures();
        let follower = if self.on_tile {
            // The first follower of the feature on the fairy's tile.
            game.at(fairy.at).and_then(|placed| {
                game.figures_on(root).into_iter().find(|&id| {
                    let f = &game.followers()[id];
                    f.placed == placed && table.is_follower(f.figure)
                })
            })
        } else {
            fairy
                .beside
                .and_then(Beside::on_feature)
                .filter(|&id| game.stands_on(id, root))
        };
        let Some(id) = follower else {
            return;
        };
        let f = game.followers()[id].clone();
        let about = game.feature_id(f.placed, f.feature);
        game.grant(
            phase,
            f.player,
            1,
            self.rate,
            Grant {
                rule: "fairy_scored",
                words: "the fairy's follower's feature is scored",
                unit: "scoring",
                by: "the fairy",
                about,
            },
        );
    }
}
