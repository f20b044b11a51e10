//! Files compressed with gzip or xz, chosen by the file name's extension (`.gz`, `.xz`): every
//! input aspsat reads (programs, CNFs, symbol maps, solver output) and every file `aspsat dimacs`
//! writes. Standard input and output are never compressed.

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::Path;

/// The compression a file name asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Plain,
    Gzip,
    Xz,
}

fn kind(path: &Path) -> Kind {
    match path.extension().and_then(|e| e.to_str()) {
        Some("gz") => Kind::Gzip,
        Some("xz") => Kind::Xz,
        _ => Kind::Plain,
    }
}

/// The bytes of the file at `path`, decompressed when its name ends in `.gz` or `.xz`.
pub fn read(path: &Path) -> io::Result<Vec<u8>> {
    let file = File::open(path)?;
    let mut out = Vec::new();
    match kind(path) {
        Kind::Plain => {
            io::BufReader::new(file).read_to_end(&mut out)?;
        }
        // A multi-member gzip file (`cat a.gz b.gz`) is read whole, as gunzip does.
        Kind::Gzip => {
            flate2::read::MultiGzDecoder::new(io::BufReader::new(file)).read_to_end(&mut out)?;
        }
        Kind::Xz => {
            liblzma::read::XzDecoder::new_multi_decoder(io::BufReader::new(file))
                .read_to_end(&mut out)?;
        }
    }
    Ok(out)
}

/// A file being written, compressed when its name ends in `.gz` or `.xz`. Call
/// [`Output::finish`]: dropping it without that may leave the compressed stream unterminated.
pub struct Output {
    inner: Inner,
}

enum Inner {
    Plain(BufWriter<File>),
    Gzip(flate2::write::GzEncoder<BufWriter<File>>),
    Xz(liblzma::write::XzEncoder<BufWriter<File>>),
}

/// xz preset 6 is xz's own default.
const XZ_PRESET: u32 = 6;

impl Output {
    /// Creates (or truncates) the file at `path`.
    pub fn create(path: &Path) -> io::Result<Output> {
        let file = BufWriter::new(File::create(path)?);
        let inner = match kind(path) {
            Kind::Plain => Inner::Plain(file),
            Kind::Gzip => Inner::Gzip(flate2::write::GzEncoder::new(
                file,
                flate2::Compression::default(),
            )),
            Kind::Xz => Inner::Xz(liblzma::write::XzEncoder::new(file, XZ_PRESET)),
        };
        Ok(Output { inner })
    }

    /// Ends the compressed stream and flushes the file.
    pub fn finish(self) -> io::Result<()> {
        let mut file = match self.inner {
            Inner::Plain(f) => f,
            Inner::Gzip(e) => e.finish()?,
            Inner::Xz(e) => e.finish()?,
        };
        file.flush()
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.inner {
            Inner::Plain(f) => f.write(buf),
            Inner::Gzip(e) => e.write(buf),
            Inner::Xz(e) => e.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.inner {
            Inner::Plain(f) => f.flush(),
            Inner::Gzip(e) => e.flush(),
            Inner::Xz(e) => e.flush(),
        }
    }
}

/// Writes a whole file through [`Output`] (compressed by extension).
pub fn write_with(
    path: &Path,
    body: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let mut out = Output::create(path)?;
    body(&mut out)?;
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_by_extension() {
        let dir = tempfile::tempdir().unwrap();
        let text = "p cnf 2 1\n1 -2 0\n".repeat(100);
        for name in ["plain.cnf", "a.cnf.gz", "a.cnf.xz"] {
            let path = dir.path().join(name);
            write_with(&path, |w| w.write_all(text.as_bytes())).unwrap();
            let raw = std::fs::read(&path).unwrap();
            assert_eq!(raw == text.as_bytes(), name == "plain.cnf", "{name}");
            assert_eq!(read(&path).unwrap(), text.as_bytes(), "{name}");
        }
    }

    #[test]
    fn corrupt_compressed_input_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["bad.gz", "bad.xz"] {
            let path = dir.path().join(name);
            std::fs::write(&path, b"not compressed at all").unwrap();
            assert!(read(&path).is_err(), "{name}");
        }
    }
}
