//! A folder opened once and walked through what was opened, never through its path again: its entries
//! are read from the open folder, and each sub-folder or file is opened relative to it without
//! following a link (on Unix, `openat` with `O_NOFOLLOW` on a directory file descriptor, through
//! rustix). A folder swapped for a link between being listed and being opened is refused, not
//! followed; renaming a folder while it is walked changes nothing of what is read. Elsewhere, the same
//! calls by path, each entry looked at without following a link. May import nothing of mythos.

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io;
use std::path::Path;

/// What an entry of a folder is, as the folder lists it (never through a link).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Folder,
    File,
    Link,
    // Only a unix folder tells these apart; elsewhere they are `Other`.
    #[cfg(unix)]
    Fifo,
    #[cfg(unix)]
    Socket,
    #[cfg(unix)]
    Device,
    Other,
}

impl Kind {
    /// What the entry is, as a sentence's object, when mythos does not read it: "a symbolic link".
    pub fn refused(self) -> Option<&'static str> {
        match self {
            Kind::Folder | Kind::File => None,
            Kind::Link => Some("a symbolic link"),
            #[cfg(unix)]
            Kind::Fifo => Some("a FIFO"),
            #[cfg(unix)]
            Kind::Socket => Some("a socket"),
            #[cfg(unix)]
            Kind::Device => Some("a device"),
            Kind::Other => Some("not a regular file"),
        }
    }
}

/// A sub-folder asked for, as it was found when opened.
pub(super) enum Sub {
    Opened(Folder),
    /// There is no entry of that name.
    Missing,
    /// The entry is not a folder: what it is.
    Not(Kind),
}

#[cfg(unix)]
mod imp {
    use super::{Kind, Sub};
    use rustix::fs::{AtFlags, CWD, Dir, FileType, Mode, OFlags, openat, statat};
    use rustix::io::Errno;
    use std::ffi::{OsStr, OsString};
    use std::fs::File;
    use std::io;
    use std::os::fd::OwnedFd;
    use std::os::unix::ffi::OsStrExt;
    use std::path::Path;

    /// A folder open for reading: a directory file descriptor.
    pub struct Folder {
        fd: OwnedFd,
    }

    fn kind(t: FileType) -> Option<Kind> {
        Some(match t {
            FileType::Directory => Kind::Folder,
            FileType::RegularFile => Kind::File,
            FileType::Symlink => Kind::Link,
            FileType::Fifo => Kind::Fifo,
            FileType::Socket => Kind::Socket,
            FileType::CharacterDevice | FileType::BlockDevice => Kind::Device,
            FileType::Unknown => return None,
        })
    }

    /// Never blocks on a FIFO or device, never follows a link, never leaks into a child process.
    fn flags() -> OFlags {
        OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC
    }

    impl Folder {
        /// Opens the folder at `path`, a path typed by the user or found next to a scenario: links
        /// in it are followed, as everywhere on the command line.
        pub fn open(path: &Path) -> io::Result<Folder> {
            let fd = openat(
                CWD,
                path,
                OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
                Mode::empty(),
            )?;
            Ok(Folder { fd })
        }

        /// What the entry `name` is, looked at without following a link.
        pub fn kind_of(&self, name: &OsStr) -> io::Result<Kind> {
            let st = statat(&self.fd, name, AtFlags::SYMLINK_NOFOLLOW)?;
            Ok(kind(FileType::from_raw_mode(st.st_mode)).unwrap_or(Kind::Other))
        }

        /// The sub-folder `name`, opened relative to this folder without following a link.
        pub fn sub(&self, name: &OsStr) -> io::Result<Sub> {
            match openat(&self.fd, name, flags() | OFlags::DIRECTORY, Mode::empty()) {
                Ok(fd) => Ok(Sub::Opened(super::Folder(Folder { fd }))),
                Err(Errno::NOENT) => Ok(Sub::Missing),
                // A link (ELOOP), or not a folder (ENOTDIR): say what it is.
                Err(Errno::LOOP | Errno::NOTDIR) => match self.kind_of(name) {
                    Ok(Kind::Folder) => Ok(Sub::Not(Kind::Other)),
                    Ok(k) => Ok(Sub::Not(k)),
                    Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Sub::Missing),
                    Err(e) => Err(e),
                },
                Err(e) => Err(e.into()),
            }
        }

        /// The file `name`, opened relative to this folder without following a link or blocking.
        pub fn file(&self, name: &OsStr) -> io::Result<File> {
            match openat(&self.fd, name, flags(), Mode::empty()) {
                Ok(fd) => Ok(File::from(fd)),
                Err(Errno::LOOP) => Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "a symbolic link",
                )),
                Err(e) => Err(e.into()),
            }
        }

        /// Every entry but `.` and `..`, with what it is, in the order the folder lists them; `limit`
        /// stops reading past that many (the last one is then returned as `None`).
        pub fn entries(&self, limit: usize) -> io::Result<Vec<Option<(OsString, Kind)>>> {
            let mut out = Vec::new();
            for e in Dir::read_from(&self.fd)? {
                let e = e?;
                let name = e.file_name().to_bytes();
                if name == b"." || name == b".." {
                    continue;
                }
                if out.len() == limit {
                    out.push(None);
                    break;
                }
                let name = OsStr::from_bytes(name).to_os_string();
                let k = match kind(e.file_type()) {
                    Some(k) => k,
                    None => self.kind_of(&name)?,
                };
                out.push(Some((name, k)));
            }
            Ok(out)
        }
    }
}

#[cfg(not(unix))]
mod imp {
    use super::{Kind, Sub};
    use std::ffi::{OsStr, OsString};
    use std::fs::File;
    use std::io;
    use std::path::{Path, PathBuf};

    /// A folder, by its path (no directory handles here).
    pub struct Folder {
        path: PathBuf,
    }

    fn kind(t: std::fs::FileType) -> Kind {
        if t.is_symlink() {
            Kind::Link
        } else if t.is_dir() {
            Kind::Folder
        } else if t.is_file() {
            Kind::File
        } else {
            Kind::Other
        }
    }

    impl Folder {
        pub fn open(path: &Path) -> io::Result<Folder> {
            if !path.is_dir() {
                return Err(io::Error::new(io::ErrorKind::NotFound, "not a folder"));
            }
            Ok(Folder {
                path: path.to_path_buf(),
            })
        }

        pub fn kind_of(&self, name: &OsStr) -> io::Result<Kind> {
            Ok(kind(
                std::fs::symlink_metadata(self.path.join(name))?.file_type(),
            ))
        }

        pub fn sub(&self, name: &OsStr) -> io::Result<Sub> {
            match self.kind_of(name) {
                Ok(Kind::Folder) => Ok(Sub::Opened(super::Folder(Folder {
                    path: self.path.join(name),
                }))),
                Ok(k) => Ok(Sub::Not(k)),
                Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Sub::Missing),
                Err(e) => Err(e),
            }
        }

        pub fn file(&self, name: &OsStr) -> io::Result<File> {
            match self.kind_of(name)? {
                Kind::File => File::open(self.path.join(name)),
                _ => Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "not a regular file",
                )),
            }
        }

        pub fn entries(&self, limit: usize) -> io::Result<Vec<Option<(OsString, Kind)>>> {
            let mut out = Vec::new();
            for e in std::fs::read_dir(&self.path)? {
                let e = e?;
                if out.len() == limit {
                    out.push(None);
                    break;
                }
                out.push(Some((e.file_name(), kind(e.file_type()?))));
            }
            Ok(out)
        }
    }
}

/// A folder open for walking (see the module's documentation).
pub(super) struct Folder(imp::Folder);

impl Folder {
    /// Opens the folder at `path` (links in a path given by the user are followed).
    pub fn open(path: &Path) -> io::Result<Folder> {
        imp::Folder::open(path).map(Folder)
    }

    /// The sub-folder `name`: opened, missing, or what it is instead (a link is never followed).
    pub fn sub(&self, name: &OsStr) -> io::Result<Sub> {
        self.0.sub(name)
    }

    /// The regular file `name`, opened without following a link or blocking (check what was opened:
    /// a FIFO opens at once).
    pub fn file(&self, name: &OsStr) -> io::Result<File> {
        self.0.file(name)
    }

    /// Every entry of the folder but `.` and `..`, with what it is; at most `limit`, then `None`.
    pub fn entries(&self, limit: usize) -> io::Result<Vec<Option<(OsString, Kind)>>> {
        self.0.entries(limit)
    }
}
