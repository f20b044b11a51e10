//! Any bytes through the front end and the grounder (with a small grounding limit): an error or
//! a ground program, never a panic, stack overflow or hang.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(statements) = aspsat::syntax::parse(text, "<fuzz>".into()) else {
        return;
    };
    let options = aspsat::ground::GroundOptions {
        max_size: 10_000,
        ..Default::default()
    };
    if let Ok(compiled) = aspsat::compile(&statements, &options) {
        let _ = compiled.translation.cnf.num_clauses();
    }
});
