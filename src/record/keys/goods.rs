//! Traders & Builders: a snapshot's trade-good tokens, `goods:`.

use std::collections::BTreeMap;

use super::Context;
use crate::record::RecordError;
use crate::spanned::Spanned;
use crate::tileset::Catalog;

/// A snapshot's tokens: per player, per good, how many.
pub(crate) type RawGoods = BTreeMap<String, Spanned<BTreeMap<String, Spanned<i64>>>>;

/// The tokens a snapshot's `goods:` says each player holds.
pub(crate) fn tokens(
    cx: &mut dyn Context,
    goods: &Spanned<RawGoods>,
    catalog: &Catalog,
    players: &[String],
) -> Vec<(usize, usize, u32)> {
    const MAX_TOKENS: i64 = 1000;
    let names: Vec<&str> = catalog
        .modifiers
        .iter()
        .filter(|m| m.shape == crate::tileset::model::Shape::Goods)
        .map(|m| m.name.as_str())
        .collect();
    let mut out = Vec::new();
    for (player, held) in &goods.value {
        let Some(p) = players.iter().position(|n| n == player) else {
            cx.error(RecordError::UnknownPlayer {
                suggestion: crate::suggest::did_you_mean(
                    player,
                    players.iter().map(String::as_str),
                ),
                name: player.clone(),
                known: players.join(", "),
                span: cx.key_span(cx.span(held), player),
            });
            continue;
        };
        for (good, n) in &held.value {
            let Some(m) = catalog
                .modifiers
                .iter()
                .position(|m| m.name == *good && m.shape == crate::tileset::model::Shape::Goods)
            else {
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
    out
}
