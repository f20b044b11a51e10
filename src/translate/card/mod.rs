//! Cardinality encodings: literals that say "at least k of these inputs are true".

mod totalizer;

pub use totalizer::totalizer;
