//! "Did you mean …?": the nearest of some known names to a name that is
//! none of them.

/// The known name nearest to `word`, if one is near enough to be what was
/// meant: the same but for case, or a few edits away.
#[must_use]
pub fn nearest<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lower = word.trim().to_lowercase();
    let mut best: Option<(usize, &str)> = None;
    for k in known {
        let k_lower = k.to_lowercase();
        let mut d = strsim::damerau_levenshtein(&lower, &k_lower);
        // A word and its abbreviation (`rotation`, `rot`) are near too.
        let (short, long) = if lower.len() < k_lower.len() {
            (&lower, &k_lower)
        } else {
            (&k_lower, &lower)
        };
        if short.chars().count() >= 3 && long.starts_with(short.as_str()) {
            d = d.min(1);
        }
        if best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, k));
        }
    }
    let (distance, name) = best?;
    // A third of the letters may be wrong: none of a one- or two-letter id.
    let allowed = lower.chars().count() / 3;
    (distance <= allowed).then_some(name)
}

/// `did you mean `NAME`? ` for a help line, or nothing.
#[must_use]
pub fn did_you_mean<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    nearest(word, known).map_or_else(String::new, |n| format!("did you mean `{n}`? "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_names_are_suggested_and_far_ones_not() {
        let tiles = ["A", "B", "E", "spring", "city-curve"];
        assert_eq!(nearest("e", tiles), Some("E"));
        assert_eq!(nearest("sprign", tiles), Some("spring"));
        assert_eq!(nearest("city_curve", tiles), Some("city-curve"));
        assert_eq!(nearest("lake", tiles), None);
        assert_eq!(nearest("Z", tiles), None);
        assert_eq!(
            nearest("modrn", ["modern", "first-edition"]),
            Some("modern")
        );
        assert_eq!(did_you_mean("zzzz", ["modern"]), "");
    }
}
