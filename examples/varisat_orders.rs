//! Is a CNF hard for varisat, or was varisat unlucky with it? Solves one DIMACS file several
//! times, each time with its clauses in another order (the first run keeps the file's order),
//! and prints the CPU time and the number of clauses varisat learnt (the additions to its DRAT
//! proof, about one per conflict) of each run.
//!
//! The order matters because varisat numbers the variables in the order the clauses first
//! mention them, and its decision heap breaks ties between equal activities by that number:
//! the order decides which variables it branches on first, and the watched literals. A CNF
//! whose counts spread over a factor of 3 across orders (as aspsat's CNF of partner units 59
//! does) is a lottery for any change that moves clauses; compare a change by the spread, not
//! by one run. clingo's `--stats` reports the conflicts clasp needed, to compare with.
//!
//! ```text
//! aspsat dimacs encoding.lp instance.lp > /tmp/x.cnf
//! cargo run --release --example varisat_orders -- /tmp/x.cnf [ORDERS] [luby=N] [decay=X]
//! ```
//!
//! `ORDERS` (default 4) runs in all; `luby=` and `decay=` set varisat's restart interval scale
//! (default 128) and VSIDS decay (default 0.95).

use std::io::Write;
use varisat::config::SolverConfigUpdate;
use varisat::{ExtendFormula, ProofFormat, Solver};

fn main() {
    if let Err(e) = run() {
        eprintln!("varisat_orders: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        return Err("usage: varisat_orders FILE.cnf [ORDERS] [luby=N] [decay=X]".into());
    };
    let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
    let formula = varisat::dimacs::DimacsParser::parse(std::io::BufReader::new(file))
        .map_err(|e| format!("{path}: {e}"))?;
    let mut orders = 4u64;
    let mut config = SolverConfigUpdate::new();
    for arg in &args[1..] {
        let bad = || format!("bad argument '{arg}'");
        match arg.split_once('=') {
            None => orders = arg.parse().map_err(|_| bad())?,
            Some(("luby", v)) => {
                config.luby_restart_interval_scale = Some(v.parse().map_err(|_| bad())?)
            }
            Some(("decay", v)) => config.vsids_decay = Some(v.parse().map_err(|_| bad())?),
            Some(_) => return Err(format!("unknown argument '{arg}'")),
        }
    }
    let clauses: Vec<&[varisat::Lit]> = formula.iter().collect();
    println!(
        "{path}: {} variables, {} clauses",
        formula.var_count(),
        clauses.len()
    );
    println!("order  result  CPU s  learnt clauses");
    for seed in 0..orders {
        let order = shuffled(clauses.len(), seed);
        let learnt = LearntCounter::new();
        let count = learnt.count.clone();
        let mut solver = Solver::new();
        solver.config(&config).map_err(|e| e.to_string())?;
        solver.write_proof(learnt, ProofFormat::Drat);
        for &i in &order {
            solver.add_clause(clauses[i]);
        }
        let start = cpu_seconds();
        let sat = solver.solve().map_err(|e| e.to_string())?;
        let seconds = cpu_seconds() - start;
        solver.close_proof().map_err(|e| e.to_string())?;
        let verdict = if sat { "SAT" } else { "UNSAT" };
        let learnt = count.load(std::sync::atomic::Ordering::Relaxed);
        println!("{seed:>5}  {verdict:>6}  {seconds:>6.2}  {learnt:>14}");
        std::io::stdout().flush().ok();
    }
    Ok(())
}

/// The CPU time of this process so far (the machine may be shared: wall time would measure
/// the load).
fn cpu_seconds() -> f64 {
    // SAFETY: getrusage only writes the struct it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage
    };
    let t = usage.ru_utime;
    t.tv_sec as f64 + t.tv_usec as f64 * 1e-6
}

/// The indices `0..n`, in the given order for seed 0 and shuffled (Fisher–Yates with a
/// xorshift generator) for the others.
fn shuffled(n: usize, seed: u64) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    if seed == 0 {
        return order;
    }
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for i in (1..n).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        order.swap(i, (state % (i as u64 + 1)) as usize);
    }
    order
}

/// Counts the clause additions of a DRAT proof (lines not starting with `d`) as it is written.
struct LearntCounter {
    count: std::sync::Arc<std::sync::atomic::AtomicU64>,
    at_line_start: bool,
}

impl LearntCounter {
    fn new() -> Self {
        LearntCounter {
            count: Default::default(),
            at_line_start: true,
        }
    }
}

impl Write for LearntCounter {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        for &b in bytes {
            if self.at_line_start && b != b'd' {
                self.count
                    .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            self.at_line_start = b == b'\n';
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
