//! The Princess & the Dragon: the princess and the magic portal (RULES.md
//! §14). When a princess tile is placed, instead of deploying a figure the
//! player may send home one follower of the city the princess stands in
//! (before the dragon and the scoring); under `princess_action = "must"`
//! they must when one can go. After a portal tile the turn's follower may
//! go on an unfinished feature of any tile.

use super::keys::{Picked, Picker};
use super::notes::DragonNote;
use super::problem::{DragonProblem, Refused};
use super::symbols;
use crate::engine::event::{Note, NoteKind, Told};
use crate::engine::game::{Game, Spot};
use crate::engine::mechanic::{Acting, Mechanic, Phases, Said, Setup, Wakes};
use crate::engine::violation::{Broken, ViolationKind};
use crate::record::{Act, Keyed};
use crate::rules::table::{Bears, Kept, Toggle, Values};

/// The ruleset's option of whether the princess's player may or must
/// send a follower home (`may`, `must`).
/// The rule option `princess_action`: whether the princess must act.
pub const ACTION: Toggle = Toggle {
    key: "princess_action",
    doc: "The Princess & the Dragon: the player of a princess tile may send a follower of her city home (`may`) or must when one can go (`must`).",
    values: Values::Words(&["may", "must"]),
    always_shown: false,
    bears: Bears::Moves,
    kept: Kept::Word { default: "may" },
};

/// The princess's rule, for games whose tiles show her.
#[must_use]
pub fn mechanic(setup: &Setup<'_>) -> Option<Box<dyn Mechanic>> {
    setup.catalog.shows(symbols::PRINCESS).then(|| {
        Box::new(Princess {
            must: setup.rules.option(&ACTION) == "must",
        }) as Box<dyn Mechanic>
    })
}

/// The magic portal's rule, for games whose tiles show portals.
#[must_use]
pub fn portal(setup: &Setup<'_>) -> Option<Box<dyn Mechanic>> {
    setup
        .catalog
        .shows(symbols::PORTAL)
        .then(|| Box::new(Portal) as Box<dyn Mechanic>)
}

/// The princess.
#[derive(Debug, Clone)]
struct Princess {
    /// A follower must go home when one can.
    must: bool,
}

/// The city (a spot of it) the princess of placed tile `placed` stands in,
/// if its tile shows her.
fn her_city(game: &Game, placed: usize) -> Option<Spot> {
    let p = game.placed().get(placed)?;
    let t = game.tile(p.tile());
    if !t.shows(symbols::PRINCESS) {
        return None;
    }
    Some(Spot {
        placed,
        feature: t.marked_city?,
    })
}

impl Mechanic for Princess {
    fn boxed(&self) -> Box<dyn Mechanic> {
        Box::new(self.clone())
    }

    fn phases(&self) -> Phases {
        Phases::ACT
    }

    fn act_keys(&self) -> &'static [&'static str] {
        &["princess"]
    }

    /// A tile showing the princess wakes it when she must act; else only a
    /// `princess:` act does.
    fn wakes(&self, _phase: Phases) -> Wakes {
        if self.must {
            Wakes::Showing(&[symbols::PRINCESS])
        } else {
            Wakes::Never
        }
    }

    fn busy(
        &self,
        game: &Game,
        _phase: Phases,
        _actor: usize,
        placed: Option<usize>,
        acts: &[Act],
    ) -> bool {
        acts.iter().any(her_pick) || (self.must && placed.and_then(|i| her_city(game, i)).is_some())
    }

    fn placement_options(
        &self,
        game: &Game,
        placed: usize,
        _player: usize,
    ) -> Vec<crate::engine::mechanic::ActionOption> {
        let Some(city) = her_city(game, placed) else {
            return Vec::new();
        };
        let table = game.figures();
        let takes: Vec<_> = game
            .figures_on(game.root_of(city))
            .into_iter()
            .filter(|&id| table.is_follower(game.followers()[id].figure))
            .map(|id| {
                let f = &game.followers()[id];
                let (pos, spot) = game.spot_of(id);
                (pos, spot, f.player, f.figure)
            })
            .collect();
        if takes.is_empty() {
            return Vec::new();
        }
        vec![crate::engine::mechanic::ActionOption {
            key: "princess",
            at: game.placed()[placed].pos,
            height: 0,
            takes,
            spot: None,
        }]
    }

    fn propose_acts(
        &self,
        game: &Game,
        acting: &Acting<'_>,
        pick: &mut dyn FnMut(usize) -> Option<usize>,
    ) -> Vec<Act> {
        let Some(city) = her_city(game, acting.placed) else {
            return Vec::new();
        };
        let table = game.figures();
        let there: Vec<usize> = game
            .figures_on(game.root_of(city))
            .into_iter()
            .filter(|&id| table.is_follower(game.followers()[id].figure))
            .collect();
        // Under `princess_action = "must"` one of them goes home.
        let chosen = match pick(there.len()) {
            None if self.must && !there.is_empty() => Some(0),
            k => k,
        };
        let Some(k) = chosen else {
            return Vec::new();
        };
        let f = &game.followers()[there[k]];
        let (at, spot) = game.spot_of(there[k]);
        let nowhere = miette::SourceSpan::from((0, 0));
        vec![Act::Keyed(Keyed::new(Picked {
            by: Picker::Princess,
            pick: super::keys::Pick {
                player: Some((f.player, nowhere)),
                at,
                at_span: nowhere,
                spot: Some((spot, nowhere)),
                span: nowhere,
            },
        }))]
    }

    fn act(&mut self, game: &mut Game, acting: &Acting<'_>, said: &mut Said) {
        // A turn without the princess's act and, unless she must act,
        // without her tile: nothing to do (her city is looked for only
        // when it matters).
        let written = acting.acts.iter().any(her_pick);
        if !written && !self.must {
            return;
        }
        let city = her_city(game, acting.placed);
        if !written && city.is_none() {
            return;
        }
        let name = acting.names.get(acting.actor).cloned().unwrap_or_default();
        let mut used = false;
        for (i, act) in acting.acts.iter().enumerate() {
            let Some(Picked {
                by: Picker::Princess,
                pick,
            }) = act.get()
            else {
                continue;
            };
            said.taken.push(i);
            used = true;
            let chosen = (|| {
                let city = city.ok_or(DragonProblem::NoPrincess)?;
                let placed = game.at(pick.at).ok_or(DragonProblem::NoTile(pick.at))?;
                let (followers, _) = super::fairy::followers_at(game, placed, pick)?;
                let theirs: Vec<usize> = match pick.player {
                    Some((p, _)) => followers
                        .into_iter()
                        .filter(|&id| game.followers()[id].player == p)
                        .collect(),
                    None => followers,
                };
                let mut owners: Vec<usize> = theirs
                    .iter()
                    .map(|&id| game.followers()[id].player)
                    .collect();
                owners.dedup();
                match (theirs.first(), owners.len()) {
                    (None, _) => Err(DragonProblem::NoFollower(pick.at)),
                    (Some(_), 2..) => Err(DragonProblem::WhichFollower(
                        owners
                            .iter()
                            .map(|&o| acting.names.get(o).cloned().unwrap_or_default())
                            .collect(),
                    )),
                    (Some(&id), _) => {
                        let f = &game.followers()[id];
                        let spot = Spot {
                            placed: f.placed,
                            feature: f.feature,
                        };
                        if game.same_feature(spot, city) {
                            Ok(id)
                        } else {
                            Err(DragonProblem::NotInCity(pick.at))
                        }
                    }
                }
            })();
            match chosen {
                Ok(id) => {
                    let mut gone = Vec::new();
                    super::dragon::send_home(game, id, &mut gone);
                    said.notes.push(Note {
                        turn: acting.turn,
                        player: acting.actor,
                        kind: NoteKind::Mechanic(Told::new(DragonNote::SentHome {
                            at: pick.at,
                            gone,
                        })),
                    });
                }
                Err(why) => said.violations.push((
                    ViolationKind::Mechanic(Broken::new(Refused {
                        player: name.clone(),
                        act: "princess",
                        why,
                    })),
                    pick.span,
                )),
            }
        }
        // Under "must", a turn whose princess could send a follower home
        // does so.
        if self.must
            && !used
            && let Some(city) = city
            && game.followers_on(game.root_of(city))
        {
            said.violations.push((
                ViolationKind::Mechanic(Broken::new(Refused {
                    player: name,
                    act: "princess",
                    why: DragonProblem::MustSendHome,
                })),
                acting.span,
            ));
        }
    }
}

/// The magic portal.
#[derive(Debug, Clone)]
struct Portal;

impl Mechanic for Portal {
    fn boxed(&self) -> Box<dyn Mechanic> {
        Box::new(self.clone())
    }

    fn phases(&self) -> Phases {
        Phases::DEPLOY
    }

    fn deploys_elsewhere(&self, game: &Game, placed: usize) -> bool {
        game.placed()
            .get(placed)
            .is_some_and(|p| game.tile(p.tile()).shows(symbols::PORTAL))
    }

    fn offers_elsewhere(&self) -> Option<&'static str> {
        Some("through the portal")
    }

    fn act_keys(&self) -> &'static [&'static str] {
        &["portal"]
    }
}

/// Whether an act is the princess's pick.
fn her_pick(act: &Act) -> bool {
    act.get::<Picked>()
        .is_some_and(|p| p.by == Picker::Princess)
}
