//! A board as PNG, rasterised from its SVG.

use super::{MAX_PNG_PIXELS, MAX_PNG_SIDE};

/// The picture as PNG bytes, rasterised from the SVG (pure Rust; text uses
/// the fonts installed on the machine, and is left out where there are none).
/// A picture larger than [`MAX_PNG_SIDE`] or [`MAX_PNG_PIXELS`] is scaled
/// down to fit.
pub fn png(svg_text: &str) -> Result<Vec<u8>, String> {
    let mut options = resvg::usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    let tree = resvg::usvg::Tree::from_str(svg_text, &options).map_err(|e| e.to_string())?;
    let size = tree.size();
    let (w, h) = (f64::from(size.width()), f64::from(size.height()));
    let longest = f64::from(MAX_PNG_SIDE);
    let pixels = f64::from(MAX_PNG_PIXELS);
    let scale = 1.0_f64
        .min(longest / w)
        .min(longest / h)
        .min((pixels / (w * h)).sqrt());
    let (pw, ph) = ((w * scale).floor().max(1.0), (h * scale).floor().max(1.0));
    let mut pixmap = resvg::tiny_skia::Pixmap::new(pw as u32, ph as u32)
        .ok_or("the picture is empty or too large")?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(scale as f32, scale as f32),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|e| e.to_string())
}
