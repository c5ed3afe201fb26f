//! Traders & Builders' record key of a snapshot: the trade-good tokens
//! each player holds, `goods:`.

use std::collections::BTreeMap;

use crate::record::{Context, Holdings, RecordError, SnapshotKey, TurnWords};
use crate::spanned::Spanned;

/// `goods:` of a snapshot.
#[derive(Debug)]
pub(crate) struct GoodsKey;

/// The key, as the registry lists it.
pub(crate) static GOODS: GoodsKey = GoodsKey;

/// A snapshot's tokens: per player, per good, how many.
pub(crate) type RawGoods = BTreeMap<String, Spanned<BTreeMap<String, Spanned<i64>>>>;

impl crate::record::KeyForm for GoodsKey {
    const NAME: &'static str = "goods";
    const ABOUT: &'static str = "The trade-good tokens each player holds (a snapshot of a game with\nTraders & Builders): `{ red: { wine: 2, cloth: 1 } }`.";
    type Raw = RawGoods;
    type Shape = BTreeMap<String, BTreeMap<String, u32>>;
}

impl SnapshotKey for GoodsKey {
    const IN_HISTORY: &'static str = "`goods` belongs to snapshots; in a history, goods are taken when their cities are completed";
    type State = Holdings;

    fn state(
        &self,
        cx: &mut dyn Context,
        goods: &Spanned<RawGoods>,
        words: &TurnWords<'_>,
    ) -> Option<Holdings> {
        const MAX_TOKENS: i64 = 1000;
        let names: Vec<&str> = words
            .catalog
            .modifiers
            .iter()
            .filter(|m| m.shape == crate::tileset::model::Shape::Goods)
            .map(|m| m.name.as_str())
            .collect();
        // Goods are taken from the cities of tiles that carry them: with no
        // such tile in play, no player can hold any.
        if !super::goods_in_play(words.catalog)
            && let Some((player, held)) = goods
                .value
                .iter()
                .find(|(_, h)| h.value.values().any(|n| n.value > 0))
        {
            cx.error(RecordError::Goods {
                problem: format!("no tile in play carries trade goods, so {player} cannot hold any"),
                help: "trade goods come from the cities of Traders & Builders tiles: add `traders-builders` to `tilesets`, or leave `goods` out".to_string(),
                span: cx.key_span(cx.span(held), player),
            });
            return None;
        }
        let mut out = Vec::new();
        for (player, held) in &goods.value {
            let Some(p) = words.players.iter().position(|n| n == player) else {
                cx.error(RecordError::UnknownPlayer {
                    suggestion: crate::suggest::did_you_mean(
                        player,
                        words.players.iter().map(String::as_str),
                    ),
                    name: player.clone(),
                    known: words.players.join(", "),
                    span: cx.key_span(cx.span(held), player),
                });
                continue;
            };
            for (good, n) in &held.value {
                let Some(m) = words.catalog.modifiers.iter().position(|m| {
                    m.name == *good && m.shape == crate::tileset::model::Shape::Goods
                }) else {
                    cx.error(RecordError::Goods {
                        problem: format!("`{good}` is not a trade good"),
                        help: format!(
                            "{}the goods are {}",
                            crate::suggest::did_you_mean(good, names.iter().copied()),
                            names.join(", ")
                        ),
                        span: cx.key_span(cx.span(n), good),
                    });
                    continue;
                };
                match u32::try_from(n.value) {
                    Ok(count) if n.value <= MAX_TOKENS => out.push((p, m, count)),
                    _ => cx.error(RecordError::Goods {
                        problem: format!("{} tokens of {good} cannot be held", n.value),
                        help: format!("a count of tokens is a whole number from 0 to {MAX_TOKENS}"),
                        span: cx.span(n),
                    }),
                }
            }
        }
        Some(Holdings(out))
    }
}
