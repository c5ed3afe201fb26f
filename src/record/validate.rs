//! Validation of a record as written into a [`super::Record`]: every
//! problem found is a finding with its span.

use super::keys::Context;
use super::raw::RawMeeple;
use super::raw::RawPlacement;
use super::raw::RawRecord;
use super::raw::RawTurn;
use super::{
    Act, Action, Body, Deploy, Expectation, Location, MAX_PLAYERS, MAX_SUPPLY_SCALE, MAX_TURNS,
    Meeple, Placement, Record, RecordError, Totals, Turn, figure_of, raw,
};
use crate::diagnostic::Class;
use crate::diagnostic::Finding;
use crate::geometry::MAX_COORD;
use crate::geometry::Pos;
use crate::geometry::Rotation;
use crate::loader::Loader;
use crate::rules::Figure;
use crate::source::SourceFile;
use crate::spanned::Spanned;
use crate::tileset;
use crate::tileset::Catalog;
use miette::SourceSpan;
use std::path::Path;
use std::sync::Arc;

/// Reads the turns of a record once its tiles and players are known.
pub(super) type ReadTurns<'f, 'a> =
    dyn FnMut(&mut Converter<'a>, &Catalog, &[String]) -> Vec<Turn> + 'f;

pub(super) struct Converter<'a> {
    pub(super) loader: &'a Loader,
    pub(super) src: &'a SourceFile,
    pub(super) findings: Vec<Finding>,
    /// What the referee will say of the record if nothing else is wrong
    /// with it (a turn's location that names nothing on its tile): told
    /// only when the record cannot be played ([`Converter::finish`]).
    pub(super) deferred: Vec<Finding>,
}

impl<'a> Converter<'a> {
    pub(super) fn span<T>(&self, v: &Spanned<T>) -> SourceSpan {
        self.src.span(v)
    }

    /// An inline ruleset's keys and values, with their spans.
    pub(super) fn draft_entries(&self, r: &raw::RawRuleset) -> Vec<crate::rules::Entry> {
        use crate::rules::Value;
        r.0.iter()
            .map(|(k, v)| crate::rules::Entry {
                key: k.value.clone(),
                key_span: self.span(k),
                value: match &v.value {
                    raw::RawSetting::Bool(b) => Value::Bool(*b),
                    raw::RawSetting::Int(n) => Value::Int(*n),
                    raw::RawSetting::Str(s) => Value::Str(s.clone()),
                    raw::RawSetting::Table(t) => Value::Table(self.draft_entries(t)),
                    raw::RawSetting::Other(what) => Value::Other(what),
                },
                span: self.span(v),
            })
            .collect()
    }

    pub(super) fn error(&mut self, e: RecordError) {
        self.findings.push(Finding::new(Class::Input, self.src, e));
    }

    pub(super) fn record<T>(
        &mut self,
        raw: RawRecord<T>,
        dir: &Path,
        read_turns: &mut ReadTurns<'_, 'a>,
    ) -> Option<Record> {
        let whole = SourceSpan::from((0, 0));
        // Tile sets.
        let specs: Vec<(String, SourceSpan)> = match &raw.tilesets {
            Some(list) => list
                .value
                .iter()
                .map(|s| (s.value.clone(), self.span(s)))
                .collect(),
            None => vec![("base".into(), whole)],
        };
        if let Some(list) = &raw.tilesets
            && list.value.is_empty()
        {
            self.error(RecordError::TilesetList {
                problem: "the record names no tile sets".into(),
                span: self.span(list),
            });
        }
        let supply_scale = match &raw.supply_scale {
            None => 1,
            Some(v) if (1..=MAX_SUPPLY_SCALE).contains(&v.value) => v.value as u32,
            Some(v) => {
                self.error(RecordError::SupplyScale {
                    value: v.value,
                    max: MAX_SUPPLY_SCALE,
                    span: self.span(v),
                });
                1
            }
        };
        let catalog = self.catalog(&specs, dir, supply_scale);
        // A set in play twice, by the same name or by two paths to sets
        // of the same name, would double its tiles.
        for (i, (name, span)) in specs.iter().enumerate() {
            let loaded = |k: usize| {
                catalog
                    .sets
                    .get(k)
                    .filter(|_| catalog.sets.len() == specs.len())
                    .map(|l| l.set.name.as_str())
            };
            let twice = specs[..i].iter().enumerate().any(|(k, (other, _))| {
                other.trim() == name.trim() || (loaded(k).is_some() && loaded(k) == loaded(i))
            });
            if twice {
                self.error(RecordError::TilesetList {
                    problem: format!(
                        "tile set `{}` is in play twice (it would double every tile's count)",
                        loaded(i).unwrap_or(name.trim())
                    ),
                    span: *span,
                });
            }
        }
        let players = self.players(&raw);
        let rules = raw
            .rules
            .as_ref()
            .map(|r| (r.value.trim().to_string(), self.span(r)));
        let inline_rules = raw.ruleset.as_ref().map(|r| crate::rules::Draft {
            entries: self.draft_entries(&r.value),
        });
        if let (Some(_), Some(inline)) = (&raw.rules, &raw.ruleset) {
            self.error(RecordError::Form {
                problem: "a record names its ruleset with `rules` or writes one with `ruleset`, not both",
                span: self.span(inline),
            });
        }

        // A start block is the start: no start tile beside it, and no set
        // played before all others. The sets are named by their names.
        let block = catalog.sets_where(|e| e.tile.at.is_some());
        if !block.is_empty()
            && let Some(s) = &raw.start
        {
            self.error(RecordError::StartBlock {
                problem: format!(
                    "the tile set `{block}` lays a start block in place of a start tile: leave `start` out"
                ),
                span: self.span(s),
            });
        }
        if let Some(problem) = catalog.start_conflict() {
            let span = raw.tilesets.as_ref().map_or(whole, |t| self.span(t));
            self.error(RecordError::StartBlock { problem, span });
        }
        let block = !block.is_empty();
        let start = match &raw.start {
            Some(_) if block => None,
            Some(s) => self.placement(&s.value, self.span(s), &catalog, Some(Pos::new(0, 0))),
            None => match catalog.default_start() {
                Some(tile) => Some(Placement {
                    tile_index: Placement::index(tile),
                    tile_span: whole.into(),
                    at: Pos::new(0, 0),
                    at_span: whole.into(),
                    rot: Rotation::R0,
                    span: whole.into(),
                }),
                None => {
                    if !catalog.tiles.is_empty() {
                        let span = raw.tilesets.as_ref().map_or(whole, |t| self.span(t));
                        self.error(RecordError::NoStart { span });
                    }
                    None
                }
            },
        };

        let body = match (&raw.turns, &raw.board) {
            (Some(_), Some(b)) => {
                self.error(RecordError::Form {
                    problem: "a record has either `turns` or `board`, not both",
                    span: self.span(b),
                });
                None
            }
            (None, None) => {
                self.error(RecordError::Form {
                    problem: "the record has neither `turns` nor `board`",
                    span: self.span(&raw.players),
                });
                None
            }
            (Some(turns), None) => {
                for (key, (at, _)) in raw.keyed.iter().filter(|(k, _)| !k.history()) {
                    self.error(RecordError::Form {
                        problem: key.in_history(),
                        span: self.span_at(at),
                    });
                }
                let span = self.span(turns);
                let list = read_turns(self, &catalog, &players);
                self.limit(list.len(), "turns", span);
                Some(Body::History(list))
            }
            (None, Some(board)) => {
                self.limit(board.value.len(), "board tiles", self.span(board));
                let tiles = board
                    .value
                    .iter()
                    .filter_map(|p| self.placement(&p.value, self.span(p), &catalog, None))
                    .collect();
                let meeples = raw
                    .meeples
                    .iter()
                    .flat_map(|m| m.value.iter())
                    .filter_map(|m| self.meeple(&m.value, self.span(m), &players, &catalog))
                    .collect();
                Some(Body::Snapshot {
                    board: tiles,
                    meeples,
                })
            }
        };
        // What a snapshot's expansion keys say, each key's state.
        let mut snapshot = crate::record::SnapshotState::default();
        {
            let words = super::TurnWords {
                players: &players,
                catalog: &catalog,
            };
            let history = raw.board.is_none();
            for (key, (_, value)) in raw.keyed.iter().filter(|(k, _)| !history || k.history()) {
                if let Some(state) = key.state(self, &**value, &words) {
                    snapshot.0.push((key.name(), state));
                }
            }
        }
        let claims = raw
            .claims
            .as_ref()
            .map(|c| self.totals(&c.value, self.span(c), &players));
        let mut expect: Vec<Expectation> = raw
            .expect
            .iter()
            .flat_map(|e| e.value.iter())
            .map(|(name, block)| Expectation {
                ruleset: name.clone(),
                span: self.key_span(self.span(block), name),
                totals: self.totals(&block.value, self.span(block), &players),
                identity: String::new(),
            })
            .collect();
        // In the order the file lists them.
        expect.sort_by_key(|e| e.span.offset());
        let mut record = Record {
            source: self.src.clone(),
            dir: dir.to_path_buf(),
            description: raw.description.map(|d| d.value),
            catalog,
            rules,
            inline_rules,
            supply_scale,
            players,
            start: start?,
            body: body?,
            declared_final: raw.final_.as_ref().is_some_and(|f| f.value),
            declared_open: raw.final_.as_ref().is_some_and(|f| !f.value),
            claims,
            expect,
            read_quickly: false,
            snapshot,
        };
        // What each expectation's ruleset is, once: a record may name
        // thousands, and every adjudication looks for its own.
        let identities: Vec<String> = record
            .expect
            .iter()
            .map(|e| record.ruleset_identity(&e.ruleset, &record.dir))
            .collect();
        for (e, identity) in record.expect.iter_mut().zip(identities) {
            e.identity = identity;
        }
        Some(record)
    }

    /// Where a turn is written: its first value (turns carry no span of their
    /// own, which keeps reading long games fast).
    pub(super) fn turn_span(&self, t: &RawTurn) -> SourceSpan {
        [
            t.player.as_ref().map(|v| self.span(v)),
            t.tile.as_ref().map(|v| self.span(v)),
            t.discard.as_ref().map(|v| self.span(v)),
            t.at.as_ref().map(|v| self.span(v)),
            t.rot.as_ref().map(|v| self.span(v)),
            t.meeple.as_ref().map(|v| self.span(v)),
        ]
        .into_iter()
        .flatten()
        .min_by_key(SourceSpan::offset)
        .unwrap_or_else(|| SourceSpan::from((0, 0)))
    }

    /// The span of a map key written just before its value at `value`.
    pub(super) fn key_span(&self, value: SourceSpan, key: &str) -> SourceSpan {
        let text = self.src.text();
        let Some(before) = text.get(..value.offset().min(text.len())) else {
            return value;
        };
        match before.rfind(key) {
            Some(i) => SourceSpan::from((i, key.len())),
            None => value,
        }
    }

    /// The catalog of the named sets, every tile count multiplied by
    /// `scale` (`supply_scale`). Catalogs of built-in sets alone are built
    /// once per loader and scale, and shared.
    pub(super) fn catalog(
        &mut self,
        specs: &[(String, SourceSpan)],
        dir: &Path,
        scale: u32,
    ) -> Arc<Catalog> {
        let mut names: Vec<String> = specs.iter().map(|(s, _)| s.clone()).collect();
        let builtin = names.iter().all(|n| tileset::builtin::source(n).is_some());
        // The cache's key: the sets, and the scale when there is one (no
        // set's name has a space).
        if scale > 1 {
            names.push(format!("supply scale {scale}"));
        }
        if builtin && let Some(c) = self.loader.cached_catalog(&names) {
            return c;
        }
        let mut sets = Vec::new();
        let before = self.findings.len();
        for (spec, span) in specs {
            match tileset::load(self.loader, spec, dir) {
                Ok(l) => sets.push(l),
                Err(inner) => {
                    self.error(RecordError::Tileset {
                        name: spec.clone(),
                        help: format!(
                            "built-in sets are {}; paths are relative to the record (the set's own problems are listed with it)",
                            tileset::builtin::NAMES.join(", ")
                        ),
                        span: *span,
                    });
                    self.findings.extend(inner);
                }
            }
        }
        let mut catalog = Catalog::new(sets);
        if scale > 1 {
            catalog.scale(scale);
        }
        let catalog = Arc::new(catalog);
        if let Some(list) = specs.first().map(|(_, s)| *s) {
            let end = specs.last().map_or(list, |(_, s)| *s);
            let span = SourceSpan::from((list.offset(), end.offset() + end.len() - list.offset()));
            for c in &catalog.conflicts {
                self.error(RecordError::ModifierConflict {
                    what: c.what,
                    name: c.name.clone(),
                    first: c.first.clone(),
                    second: c.second.clone(),
                    span,
                });
            }
        }
        if builtin && self.findings.len() == before {
            self.loader.keep_catalog(names, &catalog);
        }
        catalog
    }

    pub(super) fn limit(&mut self, n: usize, what: &'static str, span: SourceSpan) {
        if n > MAX_TURNS {
            self.error(RecordError::TooLarge {
                what,
                value: n,
                limit: MAX_TURNS,
                span,
            });
        }
    }

    pub(super) fn players<T>(&mut self, raw: &RawRecord<T>) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        if raw.players.value.len() > MAX_PLAYERS {
            self.error(RecordError::TooLarge {
                what: "players",
                value: raw.players.value.len(),
                limit: MAX_PLAYERS,
                span: self.span(&raw.players),
            });
            return Vec::new();
        }
        if raw.players.value.is_empty() {
            self.error(RecordError::Players {
                problem: "the record names no players".into(),
                span: self.span(&raw.players),
            });
        }
        for p in &raw.players.value {
            let name = p.value.trim().to_string();
            if name.is_empty() || out.contains(&name) {
                self.error(RecordError::Players {
                    problem: if name.is_empty() {
                        "a player has an empty name".into()
                    } else {
                        format!("player `{name}` is named twice")
                    },
                    span: self.span(p),
                });
            }
            out.push(name);
        }
        out
    }

    pub(super) fn player(&mut self, name: &Spanned<String>, players: &[String]) -> Option<usize> {
        let found = players.iter().position(|p| *p == name.value.trim());
        if found.is_none() {
            self.error(RecordError::UnknownPlayer {
                suggestion: crate::suggest::did_you_mean(
                    &name.value,
                    players.iter().map(String::as_str),
                ),
                name: name.value.clone(),
                known: players.join(", "),
                span: self.span(name),
            });
        }
        found
    }

    pub(super) fn tile<S: AsRef<str>>(
        &mut self,
        id: &Spanned<S>,
        catalog: &Catalog,
    ) -> Option<usize> {
        let text = id.value.as_ref();
        if catalog.is_ambiguous(text) {
            let sets = catalog.sets_with(text);
            if let [first, ..] = sets[..] {
                self.error(RecordError::AmbiguousTile {
                    id: text.trim().to_string(),
                    example: format!("{first}/{}", text.trim()),
                    sets: sets.join(", "),
                    span: self.span(id),
                });
                return None;
            }
        }
        let found = catalog.find(text);
        if found.is_none() && !catalog.tiles.is_empty() {
            self.error(RecordError::UnknownTile {
                suggestion: crate::suggest::did_you_mean(
                    text,
                    catalog.tiles.iter().map(|e| e.tile.id.as_str()),
                ),
                id: text.to_string(),
                known: catalog.some_ids(),
                span: self.span(id),
            });
        }
        found
    }

    pub(super) fn position(&mut self, at: &Spanned<raw::RawPair>) -> Option<Pos> {
        match &at.value.0 {
            Some([x, y]) if let Some(pos) = Pos::checked(x.value, y.value) => Some(pos),
            _ => {
                self.error(RecordError::Position {
                    limit: MAX_COORD,
                    span: self.span(at),
                });
                None
            }
        }
    }

    pub(super) fn rotation(&mut self, rot: Option<&Spanned<i64>>) -> Option<Rotation> {
        let Some(r) = rot else {
            return Some(Rotation::R0);
        };
        let found = Rotation::from_degrees(r.value);
        if found.is_none() {
            self.error(RecordError::Rotation {
                value: r.value,
                span: self.span(r),
            });
        }
        found
    }

    pub(super) fn placement(
        &mut self,
        raw: &RawPlacement,
        span: SourceSpan,
        catalog: &Catalog,
        default_at: Option<Pos>,
    ) -> Option<Placement> {
        let tile = self.tile(&raw.tile, catalog);
        let at = match (&raw.at, default_at) {
            (Some(at), _) => self.position(at).map(|p| (p, self.span(at))),
            (None, Some(p)) => Some((p, span)),
            (None, None) => {
                self.error(RecordError::Turn {
                    problem: "a tile on the board needs `at: [x, y]`",
                    span,
                });
                None
            }
        };
        let rot = self.rotation(raw.rot.as_ref());
        let (at, at_span) = at?;
        Some(Placement {
            tile_index: Placement::index(tile?),
            tile_span: self.span(&raw.tile).into(),
            at,
            at_span: at_span.into(),
            rot: rot?,
            span: span.into(),
        })
    }

    pub(super) fn turn(
        &mut self,
        number: usize,
        raw: &RawTurn,
        span: SourceSpan,
        catalog: &Catalog,
        players: &[String],
    ) -> Option<Turn> {
        let player = match &raw.player {
            Some(p) => Some((self.player(p, players)?, self.span(p))),
            None => None,
        };
        let mut deploy = None;
        let action = match (&raw.tile, &raw.discard) {
            (Some(tile), None) => {
                let Some(at) = &raw.at else {
                    self.error(RecordError::Turn {
                        problem: "a placement needs `at: [x, y]`",
                        span,
                    });
                    return None;
                };
                let figure = self.figure(raw.figure.as_deref(), catalog);
                let meeple = match &raw.meeple {
                    Some(m) => {
                        let (text, span, at) = match &m.value {
                            raw::RawWhere::Here(s) => (s.as_str(), self.span(m), None),
                            raw::RawWhere::At(p) => (
                                p.spot.value.as_str(),
                                self.span(&p.spot),
                                Some((self.position(&p.at)?, self.span(&p.at))),
                            ),
                        };
                        match Location::parse(text) {
                            Some(location) => Some(Deploy {
                                location,
                                span,
                                figure: figure?,
                                at,
                            }),
                            None => {
                                self.error(RecordError::Location {
                                    text: text.to_string(),
                                    span,
                                });
                                return None;
                            }
                        }
                    }
                    None => {
                        if let Some(f) = &raw.figure {
                            self.error(RecordError::Turn {
                                problem: "`figure` names the figure that `meeple` deploys; this turn has no `meeple`",
                                span: self.span(f),
                            });
                            return None;
                        }
                        None
                    }
                };
                let tile_i = self.tile(tile, catalog);
                let pos = self.position(at);
                let rot = self.rotation(raw.rot.as_ref());
                if let (Some(d), Some(t), Some(p), Some(r)) = (&meeple, tile_i, pos, rot) {
                    self.check_spot(d, &catalog.tiles[t].tile, p, r, catalog);
                }
                deploy = meeple;
                Action::Place {
                    placement: Placement {
                        tile_index: Placement::index(tile_i?),
                        tile_span: self.span(tile).into(),
                        at: pos?,
                        at_span: self.span(at).into(),
                        rot: rot?,
                        span: span.into(),
                    },
                }
            }
            (None, Some(d)) => {
                if raw.at.is_some()
                    || raw.rot.is_some()
                    || raw.meeple.is_some()
                    || raw.figure.is_some()
                    || raw.keyed.is_some()
                {
                    self.error(RecordError::Turn {
                        problem: "a discard names only the tile (and perhaps the player)",
                        span,
                    });
                    return None;
                }
                Action::Discard {
                    tile: self.tile(d, catalog)?,
                    span: self.span(d).into(),
                }
            }
            (Some(_), Some(_)) => {
                self.error(RecordError::Turn {
                    problem: "a turn either places a tile or discards one, not both",
                    span,
                });
                return None;
            }
            (None, None) => {
                self.error(RecordError::Turn {
                    problem: "a turn needs `tile` (a placement) or `discard`",
                    span,
                });
                return None;
            }
        };
        // The acts in the order the turn takes them: the deployment, then
        // the expansions' keys in the order of their list.
        let keyed = raw.keyed.as_deref().map_or(&[][..], Vec::as_slice);
        let mut acts = Vec::with_capacity(usize::from(deploy.is_some()) + keyed.len());
        acts.extend(deploy.map(Act::Deploy));
        let words = super::TurnWords { players, catalog };
        let mut ok = true;
        for (key, value) in keyed {
            ok &= key.acts(self, &**value, &words, &mut acts).is_some();
        }
        if !ok {
            return None;
        }
        // One action a turn: two of them say two different turns.
        let mut actions = acts.iter().filter(|a| a.is_action());
        if let (Some(first), Some(second)) = (actions.next(), actions.next()) {
            self.error(RecordError::TwoActions {
                first: first.key(),
                second: second.key(),
                span: second.span(),
            });
            return None;
        }
        Some(Turn {
            number,
            span: span.into(),
            // At most `MAX_PLAYERS` players: an index fits.
            player: player.map(|(p, s)| (u32::try_from(p).unwrap_or(u32::MAX), s.into())),
            action,
            acts: acts.into(),
        })
    }

    /// Whether the turn's deployment names a spot of its own tile, told
    /// in the referee's words when the record cannot be played.
    fn check_spot(
        &mut self,
        d: &Deploy,
        tile: &tileset::Tile,
        at: Pos,
        rot: Rotation,
        catalog: &Catalog,
    ) {
        if d.at.is_some() || !d.location.on_a_feature() || catalog.figures.on_corner(d.figure) {
            return;
        }
        if let Err(problem) = d.location.resolve(tile, rot) {
            let (message, help) = super::Unnamed::on(&d.location, at, tile, rot, problem).words();
            self.deferred.push(Finding::new(
                Class::Input,
                self.src,
                RecordError::NoSuchSpot {
                    message,
                    help,
                    span: d.span,
                },
            ));
        }
    }

    /// The findings of a record that cannot be played: every one found,
    /// with the referee's findings told early, in the order of the file.
    pub(super) fn finish(mut self) -> Vec<Finding> {
        for f in std::mem::take(&mut self.deferred) {
            let at = f.primary_span().map_or(usize::MAX, |s| s.offset());
            let i = self
                .findings
                .iter()
                .position(|g| g.primary_span().is_some_and(|s| s.offset() > at))
                .unwrap_or(self.findings.len());
            self.findings.insert(i, f);
        }
        self.findings
    }

    pub(super) fn meeple(
        &mut self,
        raw: &RawMeeple,
        span: SourceSpan,
        players: &[String],
        catalog: &Catalog,
    ) -> Option<Meeple> {
        let player = self.player(&raw.player, players);
        let at = self.position(&raw.at);
        let figure = self.figure(raw.figure.as_ref(), catalog);
        let spot = Location::parse(&raw.spot.value);
        if spot.is_none() {
            self.error(RecordError::Location {
                text: raw.spot.value.clone(),
                span: self.span(&raw.spot),
            });
        }
        Some(Meeple {
            player: player?,
            at: at?,
            at_span: self.span(&raw.at),
            spot: spot?,
            spot_span: self.span(&raw.spot),
            figure: figure?,
            span,
        })
    }

    /// The figure a `figure:` names (a normal follower when there is none).
    pub(super) fn figure(
        &mut self,
        raw: Option<&Spanned<String>>,
        catalog: &Catalog,
    ) -> Option<Figure> {
        let Some(raw) = raw else {
            return Some(Figure::FOLLOWER);
        };
        let figure = figure_of(&raw.value, catalog);
        if figure.is_none() {
            let names: Vec<&str> = catalog
                .figures
                .kinds
                .iter()
                .map(|k| k.name.as_str())
                .collect();
            self.error(RecordError::Figure {
                name: raw.value.clone(),
                help: format!(
                    "{}the figures are {}",
                    crate::suggest::did_you_mean(&raw.value, names.iter().copied()),
                    names.join(", ")
                ),
                span: self.span(raw),
            });
        }
        figure
    }

    pub(super) fn totals(
        &mut self,
        map: &raw::RawTotals,
        span: SourceSpan,
        players: &[String],
    ) -> Totals {
        let mut points = Vec::new();
        for (name, v) in map.iter() {
            // Beyond 2^53 a number is not exact in JSON (the page's
            // reader, many programs'): a record keeps to what all read.
            const MAX: i64 = (1 << 53) - 1;
            if !(-MAX..=MAX).contains(&v.value) {
                self.error(RecordError::Points {
                    value: v.value,
                    max: MAX,
                    span: self.span(v),
                });
                continue;
            }
            match players.iter().position(|p| p == name.trim()) {
                Some(i) => points.push((i, v.value, self.span(v))),
                None => self.error(RecordError::UnknownPlayer {
                    suggestion: crate::suggest::did_you_mean(
                        name,
                        players.iter().map(String::as_str),
                    ),
                    name: name.clone(),
                    known: players.join(", "),
                    // The map's span may be its first character only: the
                    // key is looked for in what follows.
                    span: self.src.find_in(
                        SourceSpan::from((
                            span.offset(),
                            (self.src.text().len() - span.offset().min(self.src.text().len()))
                                .min(4096),
                        )),
                        name,
                    ),
                }),
            }
        }
        Totals { points, span }
    }
}

impl Context for Converter<'_> {
    fn span_at(&self, at: &crate::spanned::Mark) -> SourceSpan {
        self.src.span_at(at)
    }
    fn key_span(&self, value: SourceSpan, key: &str) -> SourceSpan {
        Converter::key_span(self, value, key)
    }
    fn error(&mut self, e: RecordError) {
        Converter::error(self, e);
    }
    fn player(&mut self, name: &Spanned<String>, players: &[String]) -> Option<usize> {
        Converter::player(self, name, players)
    }
    fn position(&mut self, at: &Spanned<raw::RawPair>) -> Option<Pos> {
        Converter::position(self, at)
    }
    fn figure(&mut self, raw: Option<&Spanned<String>>, catalog: &Catalog) -> Option<Figure> {
        Converter::figure(self, raw, catalog)
    }
    fn tile(&mut self, id: &Spanned<String>, catalog: &Catalog) -> Option<usize> {
        Converter::tile(self, id, catalog)
    }
}
