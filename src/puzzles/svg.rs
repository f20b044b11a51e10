//! Small helpers for hand-written SVG.

use std::fmt::Write as _;

/// Escapes text for SVG element content and attribute values.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// An SVG document of the given size with a white background.
pub struct Doc {
    pub width: f64,
    pub height: f64,
    body: String,
}

impl Doc {
    pub fn new(width: f64, height: f64) -> Self {
        Doc {
            width,
            height,
            body: String::new(),
        }
    }

    pub fn push(&mut self, element: impl AsRef<str>) {
        self.body.push_str("  ");
        self.body.push_str(element.as_ref());
        self.body.push('\n');
    }

    /// Text centred at (x, y).
    pub fn text(&mut self, x: f64, y: f64, size: f64, fill: &str, text: &str) {
        self.push(format!(
            r#"<text x="{x:.1}" y="{y:.1}" font-size="{size:.1}" fill="{fill}" text-anchor="middle" dominant-baseline="central">{}</text>"#,
            escape(text)
        ));
    }

    pub fn finish(self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.0} {h:.0}" font-family="DejaVu Sans, Arial, sans-serif">"#,
            w = self.width,
            h = self.height
        );
        let _ = writeln!(
            s,
            r#"  <rect x="0" y="0" width="{:.0}" height="{:.0}" fill="white"/>"#,
            self.width, self.height
        );
        s.push_str(&self.body);
        s.push_str("</svg>\n");
        s
    }
}

/// A palette of well separated colours: (dark, light) shades.
pub const PALETTE: [(&str, &str); 8] = [
    ("#c0392b", "#f5b7b1"),
    ("#d68910", "#fad7a0"),
    ("#1e8449", "#a9dfbf"),
    ("#2471a3", "#aed6f1"),
    ("#7d3c98", "#d7bde2"),
    ("#117a65", "#a2d9ce"),
    ("#873600", "#edbb99"),
    ("#566573", "#d5d8dc"),
];
