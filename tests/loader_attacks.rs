//! The loaders against hostile packs and scenario files (issue 11, "Files"), driven through the built
//! `mythos` binary: each hostile tree is made in a temporary folder at test time. Every attack ends
//! within a deadline (the child is killed and the test fails otherwise) with exit 2 and its diagnostic
//! code, and nothing of a file outside the pack, or of the environment, reaches stdout or stderr.

#![cfg(unix)]

use std::io::Read;
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The longest any attack may take (a debug build loading the base packs takes well under a second).
const DEADLINE: Duration = Duration::from_secs(60);
/// A string that must never be printed: it sits in a file outside every pack, and in the environment.
const SECRET: &str = "MYTHOS-FAKE-SECRET-7f3a91";

/// A temporary folder `work` (mythos runs in it), next to `secret.toml`; both removed when dropped.
struct Tmp {
    root: PathBuf,
    work: PathBuf,
}

impl Tmp {
    fn new(test: &str) -> Tmp {
        let dir = std::env::temp_dir().join(format!("mythos-attack-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("work")).expect("create the temporary folder");
        // A file outside every pack and every folder checked, that looks like TOML, so that a loader
        // reading it would echo it.
        write(
            &dir.join("secret.toml"),
            &format!("password = \"{SECRET}\"\n"),
        );
        Tmp {
            work: dir.join("work"),
            root: dir,
        }
    }

    /// A valid pack `p` holding one monster card.
    fn pack(&self) -> PathBuf {
        let p = self.work.join("p");
        write(
            &p.join("pack.toml"),
            "name = \"p\"\ngame = \"eldritch\"\nversion = \"1.0.0\"\n",
        );
        write(&p.join("cards/wisp.toml"), CARD);
        p
    }
}

impl std::ops::Deref for Tmp {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.work
    }
}

impl Drop for Tmp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

const CARD: &str = r#"id = "wisp"
name = "Wisp"
kind = "monster"
source = "homebrew"
toughness = 1
will = { modifier = 0, horror = 1 }
strength = { modifier = 0, damage = 1 }
"#;

fn write(path: &Path, text: &str) {
    write_bytes(path, text.as_bytes());
}

fn write_bytes(path: &Path, bytes: &[u8]) {
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("create folders");
    std::fs::write(path, bytes).expect("write");
}

/// What a run printed: exit status, stdout and stderr (each kept up to 4 MiB) and their total size.
struct Ran {
    status: Option<i32>,
    out: String,
    err: String,
    bytes: usize,
}

impl Ran {
    fn all(&self) -> String {
        format!("{}{}", self.out, self.err)
    }

    /// Exit 2, `code` printed, and nothing forbidden: the fake secret, a line of /etc/passwd.
    fn refused_with(&self, code: &str) {
        let all = self.all();
        assert_eq!(self.status, Some(2), "exit 2 expected:\n{all}");
        assert!(all.contains(code), "{code} expected:\n{all}");
        assert!(!all.contains(SECRET), "the secret leaked:\n{all}");
        assert!(!all.contains("root:x:0:0"), "/etc/passwd leaked:\n{all}");
    }
}

fn drain(mut r: impl Read + Send + 'static) -> std::thread::JoinHandle<(Vec<u8>, usize)> {
    std::thread::spawn(move || {
        let (mut kept, mut total, mut buf) = (Vec::new(), 0, [0u8; 8192]);
        while let Ok(n) = r.read(&mut buf) {
            if n == 0 {
                break;
            }
            total += n;
            if kept.len() < 4 << 20 {
                kept.extend_from_slice(&buf[..n]);
            }
        }
        (kept, total)
    })
}

/// Runs the built binary in `dir` with the secret in its environment; kills it and fails the test if it
/// has not ended by the deadline.
fn mythos(dir: &Path, args: &[&str]) -> Ran {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mythos"))
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("MYTHOS_ATTACK_SECRET", SECRET)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mythos starts");
    let out = drain(child.stdout.take().expect("stdout"));
    let err = drain(child.stderr.take().expect("stderr"));
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        if start.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("mythos {args:?} did not end within {DEADLINE:?} and was killed");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let (out, n) = out.join().expect("stdout reader");
    let (err, m) = err.join().expect("stderr reader");
    Ran {
        status: status.code(),
        out: String::from_utf8_lossy(&out).into(),
        err: String::from_utf8_lossy(&err).into(),
        bytes: n + m,
    }
}

/// A scenario meeting the pack's Wisp, loading the pack through its `packs`.
fn scenario(dir: &Path) -> PathBuf {
    let s = dir.join("s.toml");
    write(
        &s,
        "game = \"eldritch\"\npacks = [\"p\"]\n\n[investigator]\ncard = \"Mark Harrigan\"\n\n\
         [[monsters]]\ncard = \"Wisp\"\n\n[dice]\nfaces = [5, 5, 5, 5, 5, 5, 5, 5, 5]\n",
    );
    s
}

#[test]
fn the_untouched_pack_is_accepted() {
    // The control: the hostile trees below differ from this one by the attack alone.
    let t = Tmp::new("control");
    t.pack();
    let r = mythos(&t, &["validate", "p"]);
    assert_eq!(r.status, Some(0), "{}", r.all());
    assert_eq!(r.out.trim(), "1 cards, no problems");
}

#[test]
fn a_card_linked_to_etc_passwd_is_refused_unread() {
    let t = Tmp::new("passwd");
    let p = t.pack();
    symlink("/etc/passwd", p.join("cards/users.toml")).expect("link");
    let r = mythos(&t, &["validate", "p"]);
    r.refused_with("E0002");
    assert!(r.err.contains("p/cards/users.toml"), "{}", r.err);
    // The whole rendering, reviewed: the path and the rule, nothing of the file.
    insta::assert_snapshot!(r.err);
}

#[test]
fn a_card_linked_to_a_file_outside_the_pack_never_shows_it() {
    let t = Tmp::new("secret");
    let p = t.pack();
    symlink("../../../secret.toml", p.join("cards/secret.toml")).expect("link");
    let s = scenario(&t);
    mythos(&t, &["validate", "p"]).refused_with("E0002");
    mythos(&t, &["run", s.to_str().expect("UTF-8")]).refused_with("E0002");
    mythos(&t, &["--pack", "p", "check", "s.toml"]).refused_with("E0002");
}

#[test]
fn a_manifest_linked_to_the_environment_is_refused_unread() {
    let t = Tmp::new("environ");
    let p = t.pack();
    std::fs::remove_file(p.join("pack.toml")).expect("remove");
    symlink("/proc/self/environ", p.join("pack.toml")).expect("link");
    mythos(&t, &["validate", "p"]).refused_with("E0002");
    mythos(&t, &["--pack", "p", "validate"]).refused_with("E0002");
}

#[test]
fn a_cards_folder_linked_to_the_root_is_not_walked() {
    let t = Tmp::new("root");
    let p = t.pack();
    std::fs::remove_dir_all(p.join("cards")).expect("remove");
    symlink("/", p.join("cards")).expect("link");
    let r = mythos(&t, &["validate", "p"]);
    r.refused_with("E0002");
    assert!(r.err.contains("p/cards` is a symbolic link"), "{}", r.err);
}

#[test]
fn self_links_end_check_and_validate() {
    let t = Tmp::new("loops");
    let p = t.pack();
    scenario(&t);
    symlink(".", t.join("a")).expect("link");
    symlink(".", t.join("b")).expect("link");
    symlink("..", p.join("cards/up")).expect("link");
    symlink("loop.toml", p.join("cards/loop.toml")).expect("link");
    let r = mythos(&t, &["check", "."]);
    r.refused_with("E0002");
    assert!(r.out.contains("error ./a"), "{}", r.out);
    let r = mythos(&t, &["validate", "p"]);
    r.refused_with("E0002");
    assert!(r.err.contains("p/cards/loop.toml"), "{}", r.err);
    assert!(r.err.contains("p/cards/up"), "{}", r.err);
}

#[test]
fn a_fifo_as_a_card_or_as_the_scenario_does_not_block() {
    let t = Tmp::new("fifo");
    let p = t.pack();
    for f in [p.join("cards/pipe.toml"), t.join("pipe.toml")] {
        let made = Command::new("mkfifo")
            .arg(&f)
            .status()
            .expect("mkfifo runs");
        assert!(made.success(), "mkfifo {}", f.display());
    }
    let r = mythos(&t, &["validate", "p"]);
    r.refused_with("E0002");
    assert!(r.err.contains("is a FIFO"), "{}", r.err);
    mythos(&t, &["run", "pipe.toml"]).refused_with("E0002");
    mythos(&t, &["odds", "pipe.toml"]).refused_with("E0002");
}

#[test]
fn dev_zero_as_the_scenario_or_as_a_card_is_refused() {
    let t = Tmp::new("zero");
    let p = t.pack();
    let r = mythos(&t, &["run", "/dev/zero"]);
    r.refused_with("E0002");
    assert!(r.err.contains("is a device"), "{}", r.err);
    symlink("/dev/zero", t.join("zero.toml")).expect("link");
    mythos(&t, &["check", "zero.toml"]).refused_with("E0002");
    symlink("/dev/zero", p.join("cards/zero.toml")).expect("link");
    mythos(&t, &["validate", "p"]).refused_with("E0002");
}

#[test]
fn a_file_over_one_mebibyte_is_refused_unread() {
    let t = Tmp::new("large");
    let p = t.pack();
    let big = format!("# {}\n{CARD}", "x".repeat(1 << 20));
    write(&p.join("cards/big.toml"), &big.replace("wisp", "big"));
    mythos(&t, &["validate", "p"]).refused_with("E0003");
    write(&t.join("big.toml"), &format!("# {}\n", "x".repeat(1 << 20)));
    mythos(&t, &["run", "big.toml"]).refused_with("E0003");
}

#[test]
fn a_card_file_that_is_not_utf8_is_reported_at_its_line_and_column() {
    let t = Tmp::new("utf8");
    let p = t.pack();
    write_bytes(
        &p.join("cards/latin1.toml"),
        b"id = \"latin1\"\nname = \"Caf\xE9\"\nkind = \"monster\"\n",
    );
    let r = mythos(&t, &["validate", "p"]);
    r.refused_with("E0005");
    assert!(r.err.contains("p/cards/latin1.toml:2:12"), "{}", r.err);
    // The whole rendering, reviewed: the text before the bad byte is shown, and a caret after it.
    insta::assert_snapshot!(r.err);
    write_bytes(
        &t.join("latin1.toml"),
        b"game = \"eldritch\"\ntitle = \"\xFF\"\n",
    );
    let r = mythos(&t, &["run", "latin1.toml"]);
    r.refused_with("E0005");
    assert!(r.err.contains("latin1.toml:2:10"), "{}", r.err);
}

#[test]
fn a_bom_before_a_script_or_card_is_dropped() {
    let t = Tmp::new("bom");
    let p = t.pack();
    write(
        &p.join("cards/wisp.toml"),
        &format!("\u{feff}{CARD}text = \"It loses 1 Health less.\"\n"),
    );
    write(
        &p.join("scripts/wisp.rhai"),
        "\u{feff}fn on_damage(ctx) {\n    if ctx.loss.target == ctx.card.id {\n        ctx.loss.reduce(1);\n    }\n}\n",
    );
    let r = mythos(&t, &["validate", "p"]);
    assert_eq!(r.status, Some(0), "{}", r.all());
    assert_eq!(r.out.trim(), "1 cards, no problems");
}

#[test]
fn two_scripts_for_one_card_are_an_error_naming_both() {
    let t = Tmp::new("twoscripts");
    let p = t.pack();
    write(&p.join("scripts/a/wisp.rhai"), "fn on_pool(ctx) {}\n");
    write(&p.join("scripts/b/wisp.rhai"), "fn on_pool(ctx) {}\n");
    let r = mythos(&t, &["validate", "p"]);
    r.refused_with("E0207");
    assert!(
        r.err
            .contains("p/scripts/a/wisp.rhai and p/scripts/b/wisp.rhai"),
        "{}",
        r.err
    );
}

#[test]
fn one_card_stem_in_two_folders_is_an_error_naming_both() {
    let t = Tmp::new("twostems");
    let p = t.pack();
    write(
        &p.join("cards/more/wisp.toml"),
        &CARD.replace("\"wisp\"", "\"wisp_two\""),
    );
    let r = mythos(&t, &["validate", "p"]);
    r.refused_with("E0207");
    assert!(
        r.err
            .contains("p/cards/more/wisp.toml and p/cards/wisp.toml")
            || r.err
                .contains("p/cards/wisp.toml and p/cards/more/wisp.toml"),
        "{}",
        r.err
    );
}

#[test]
fn a_card_too_deep_is_reported_not_skipped() {
    let t = Tmp::new("deep");
    let p = t.pack();
    let deep: PathBuf = (0..12).map(|i| format!("d{i}")).collect();
    write(&p.join("cards").join(&deep).join("deep.toml"), CARD);
    let r = mythos(&t, &["validate", "p"]);
    r.refused_with("E0004");
    assert!(r.err.contains("folders deep"), "{}", r.err);
}

#[test]
fn a_pack_of_too_many_files_is_refused() {
    let t = Tmp::new("many");
    let p = t.pack();
    for i in 0..4200 {
        write(&p.join(format!("cards/m/c{i}.toml")), "");
    }
    let r = mythos(&t, &["validate", "p"]);
    r.refused_with("E0004");
}

#[test]
fn a_stray_file_in_cards_is_reported() {
    let t = Tmp::new("stray");
    let p = t.pack();
    write(&p.join("cards/notes.md"), "notes");
    let r = mythos(&t, &["validate", "p"]);
    r.refused_with("E0006");
    assert!(r.err.contains("p/cards/notes.md"), "{}", r.err);
}

#[test]
fn three_thousand_requires_print_one_short_diagnostic() {
    let t = Tmp::new("requires");
    let p = t.pack();
    let names: Vec<String> = (0..3000).map(|i| format!("\"pack_{i}\"")).collect();
    write(
        &p.join("pack.toml"),
        &format!(
            "name = \"p\"\ngame = \"eldritch\"\nversion = \"1.0.0\"\nrequires = [\n{}\n]\n",
            names.join(",\n")
        ),
    );
    let r = mythos(&t, &["validate", "p"]);
    r.refused_with("E0105");
    assert!(r.bytes < 64 << 10, "{} bytes printed", r.bytes);
}

#[test]
fn at_most_fifty_diagnostics_are_printed_then_how_many_more() {
    let t = Tmp::new("printcap");
    let p = t.pack();
    for i in 0..60 {
        write(&p.join(format!("cards/note{i:02}.md")), "a note");
    }
    let r = mythos(&t, &["validate", "p"]);
    r.refused_with("E0006");
    let shown = r.err.lines().filter(|l| l.contains(": E0006 ")).count();
    assert_eq!(shown, 50, "{}", r.err);
    assert!(r.err.contains("… and 10 more problems"), "{}", r.err);
    assert_eq!(r.err.lines().last(), Some("60 problems"));
}
