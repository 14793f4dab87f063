//! The module graph of `src/`, read from the source text: no module imports another that imports it
//! back (DESIGN: one noun per file, dependencies one way), and the rooms' dependencies point the way
//! DESIGN.md's "Rooms" says. The library is `lib.rs` and its rooms; the `mythos` command (`main.rs`
//! and `cli/`) is the binary's own crate, which reaches the library as `mythos::…` only (the compiler
//! holds that front door), and is read as a graph of its own.
//!
//! Nodes are the rooms' sub-modules: `kernel::encounter`, `kernel::pool`, `script::hooks`, ... A folder
//! module and its files are one node (`kernel/encounter/effects/pool.rs` is `kernel::encounter`); a
//! room's own `mod.rs` (or `lib.rs`, `schema.rs`) is a node of its own. An edge is a path that names an
//! item of another node, in a `use` or in the code (`crate::…`, `super::…`, `self::…`, or a name a `use`
//! brought in), followed through the `use`s of the module it lands in (so `super::Policy` from
//! `kernel/setup/` is an edge to `kernel::choices`, where `Policy` is defined, not to the facade
//! `kernel/mod.rs` that re-exports it). Re-exports (`pub use`, `pub(crate) use`) and `mod` lines are a
//! module's facade, not what its code needs: they make no edge. Test code counts like any other code.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

type Module = Vec<String>;

/// One `use` leaf: the path as written, the name it brings in (`*` for a glob), whether it is a
/// re-export, and the module (inline modules included) it is written in.
#[derive(Debug, Clone)]
struct Use {
    path: Vec<String>,
    name: String,
    reexport: bool,
    scope: Module,
}

struct File {
    module: Module,
    uses: Vec<Use>,
    /// Paths in the code outside `use` lines, each with the module it is written in.
    paths: Vec<(Vec<String>, Module)>,
    /// Inline modules (`mod tests { … }`), as full module paths.
    inline: Vec<Module>,
}

/// The text with comments, string and char literals blanked (so that a path in a doc comment or a
/// message is not read as code).
fn strip(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == b'r'
            && (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#'))
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
        {
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&b'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&b'"') {
                out.push(c as char);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= b.len() {
                    break;
                }
                if b[j] == b'"' && (1..=hashes).all(|k| b.get(j + k) == Some(&b'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == b'\'' {
            // A char literal ('x', '\n', '\u{1F}'), or a lifetime ('a), which is kept.
            let close = if b.get(i + 1) == Some(&b'\\') {
                (i + 2..b.len().min(i + 12)).find(|&j| b[j] == b'\'')
            } else {
                let len = text[i + 1..].chars().next().map_or(1, char::len_utf8);
                (b.get(i + 1 + len) == Some(&b'\'')).then_some(i + 1 + len)
            };
            match close {
                Some(j) => {
                    out.push_str("' '");
                    i = j + 1;
                }
                None => {
                    out.push('\'');
                    i += 1;
                }
            }
        } else {
            let len = text[i..].chars().next().map_or(1, char::len_utf8);
            out.push_str(&text[i..i + len]);
            i += len;
        }
    }
    out
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Ident(String),
    Path,
    Open,
    Close,
    Semi,
    Comma,
    Star,
    Other,
}

fn tokens(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c.is_alphabetic() || c == '_' {
            let mut end = i + c.len_utf8();
            while let Some(&(j, d)) = chars.peek() {
                if d.is_alphanumeric() || d == '_' {
                    end = j + d.len_utf8();
                    chars.next();
                } else {
                    break;
                }
            }
            out.push(Token::Ident(text[i..end].to_string()));
        } else if c == ':' && chars.peek().map(|&(_, d)| d) == Some(':') {
            chars.next();
            out.push(Token::Path);
        } else if c.is_whitespace() {
        } else {
            out.push(match c {
                '{' => Token::Open,
                '}' => Token::Close,
                ';' => Token::Semi,
                ',' => Token::Comma,
                '*' => Token::Star,
                _ => Token::Other,
            });
        }
    }
    out
}

/// Parses a use tree from `t[*i]` on, appending its leaves under `prefix`.
fn use_tree(t: &[Token], i: &mut usize, prefix: &[String], out: &mut Vec<(Vec<String>, String)>) {
    let mut path = prefix.to_vec();
    loop {
        match t.get(*i) {
            Some(Token::Ident(s)) => {
                path.push(s.clone());
                *i += 1;
            }
            Some(Token::Star) => {
                *i += 1;
                out.push((path, "*".into()));
                return;
            }
            Some(Token::Open) => {
                *i += 1;
                loop {
                    match t.get(*i) {
                        Some(Token::Close) => {
                            *i += 1;
                            return;
                        }
                        Some(Token::Comma) => *i += 1,
                        None => return,
                        _ => use_tree(t, i, &path, out),
                    }
                }
            }
            _ => return,
        }
        if t.get(*i) == Some(&Token::Path) {
            *i += 1;
            continue;
        }
        // `as name`, or the end of this leaf.
        let mut name = path.last().cloned().unwrap_or_default();
        if t.get(*i) == Some(&Token::Ident("as".into())) {
            if let Some(Token::Ident(alias)) = t.get(*i + 1) {
                name = alias.clone();
            }
            *i += 2;
        }
        if name == "self" {
            path.pop();
            name = path.last().cloned().unwrap_or_default();
        } else if path.last().is_some_and(|s| s == "self") {
            path.pop();
        }
        out.push((path, name));
        return;
    }
}

fn read(module: Module, text: &str) -> File {
    let t = tokens(&strip(text));
    let mut file = File {
        module: module.clone(),
        uses: Vec::new(),
        paths: Vec::new(),
        inline: Vec::new(),
    };
    // The inline modules open at each brace depth.
    let mut scope: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let current = |scope: &[(String, usize)]| {
        let mut m = module.clone();
        m.extend(scope.iter().map(|(n, _)| n.clone()));
        m
    };
    let mut i = 0;
    while i < t.len() {
        match &t[i] {
            Token::Open => {
                depth += 1;
                i += 1;
            }
            Token::Close => {
                if scope.last().is_some_and(|(_, d)| *d == depth) {
                    scope.pop();
                }
                depth = depth.saturating_sub(1);
                i += 1;
            }
            Token::Ident(k) if k == "mod" => {
                if let (Some(Token::Ident(name)), Some(Token::Open)) = (t.get(i + 1), t.get(i + 2))
                {
                    scope.push((name.clone(), depth + 1));
                    file.inline.push(current(&scope));
                    depth += 1;
                    i += 3;
                } else {
                    // `mod name;`: a file of its own.
                    i += 2;
                }
            }
            Token::Ident(k) if k == "use" => {
                // `pub use`, `pub(crate) use`, `pub(super) use` re-export.
                let reexport = i >= 1
                    && (t[i - 1] == Token::Ident("pub".into())
                        || (t[i - 1] == Token::Other
                            && t[..i].iter().rev().nth(3) == Some(&Token::Ident("pub".into()))));
                i += 1;
                let mut leaves = Vec::new();
                use_tree(&t, &mut i, &[], &mut leaves);
                let here = current(&scope);
                for (path, name) in leaves {
                    file.uses.push(Use {
                        path,
                        name,
                        reexport,
                        scope: here.clone(),
                    });
                }
            }
            Token::Ident(first) => {
                let preceded = i >= 1 && t[i - 1] == Token::Path;
                let mut path = vec![first.clone()];
                let mut j = i + 1;
                while t.get(j) == Some(&Token::Path) {
                    match t.get(j + 1) {
                        Some(Token::Ident(s)) => {
                            path.push(s.clone());
                            j += 2;
                        }
                        _ => break,
                    }
                }
                if !preceded && path.len() > 1 {
                    file.paths.push((path, current(&scope)));
                }
                i = j;
            }
            _ => i += 1,
        }
    }
    file
}

/// The library's files (every `.rs` of `src/` but the binary's: `main.rs` and `cli/`), or the
/// binary's (`main.rs`, the crate root, and `cli/`).
fn files(root: &Path, binary: bool) -> Vec<(Module, String)> {
    fn walk(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).expect("read src/") {
            let p = e.expect("an entry").path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "rs") {
                out.push(p);
            }
        }
    }
    let mut paths = Vec::new();
    walk(root, &mut paths);
    paths.sort();
    paths
        .into_iter()
        .filter(|p| {
            let rel = p.strip_prefix(root).expect("under src/");
            let of_the_binary = rel == Path::new("main.rs") || rel.starts_with("cli");
            of_the_binary == binary
        })
        .map(|p| {
            let rel = p.strip_prefix(root).expect("under src/").with_extension("");
            let mut m: Module = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if m.last()
                .is_some_and(|s| s == "mod" || s == "lib" || s == "main")
            {
                m.pop();
            }
            let text = std::fs::read_to_string(&p).expect("read a source file");
            (m, text)
        })
        .collect()
}

struct Graph {
    files: Vec<File>,
    modules: BTreeSet<Module>,
    /// The `use` leaves written in each module.
    uses: BTreeMap<Module, Vec<Use>>,
    /// `defining` of each path asked so far.
    defined: RefCell<BTreeMap<Vec<String>, Module>>,
}

impl Graph {
    fn new(root: &Path, binary: bool) -> Graph {
        Graph::of(files(root, binary))
    }

    /// The graph of these sources, each with its module path.
    fn of(sources: Vec<(Module, String)>) -> Graph {
        let files: Vec<File> = sources
            .into_iter()
            .map(|(m, text)| read(m, &text))
            .collect();
        let mut modules = BTreeSet::new();
        let mut uses: BTreeMap<Module, Vec<Use>> = BTreeMap::new();
        for f in &files {
            modules.insert(f.module.clone());
            modules.extend(f.inline.iter().cloned());
            for u in &f.uses {
                uses.entry(u.scope.clone()).or_default().push(u.clone());
            }
        }
        Graph {
            files,
            modules,
            uses,
            defined: RefCell::new(BTreeMap::new()),
        }
    }

    /// `path` as written in `scope`, made absolute (without `crate`); `None` for a path outside the
    /// crate (std, a dependency, a local variable or type).
    fn absolute(&self, scope: &Module, path: &[String]) -> Option<Module> {
        self.absolute_within(scope, path, 0)
    }

    fn absolute_within(&self, scope: &Module, path: &[String], hops: usize) -> Option<Module> {
        let first = path.first()?;
        match first.as_str() {
            "crate" => Some(path[1..].to_vec()),
            "self" | "super" => {
                let mut m = scope.clone();
                let mut rest = path;
                while let Some(s) = rest.first() {
                    match s.as_str() {
                        "super" => {
                            m.pop();
                        }
                        "self" => {}
                        _ => break,
                    }
                    rest = &rest[1..];
                }
                m.extend(rest.iter().cloned());
                Some(m)
            }
            _ => {
                // A child module, or a name a `use` of this scope brought in.
                let mut child = scope.clone();
                child.push(first.clone());
                if self.modules.contains(&child) {
                    let mut m = scope.clone();
                    m.extend(path.iter().cloned());
                    return Some(m);
                }
                let u = self
                    .uses_in(scope)
                    .find(|u| &u.name == first && u.path.first() != Some(first))?;
                if hops > 32 {
                    return None;
                }
                let mut m = self.absolute_within(&u.scope, &u.path, hops + 1)?;
                m.extend(path[1..].iter().cloned());
                Some(m)
            }
        }
    }

    fn uses_in<'a>(&'a self, scope: &Module) -> impl Iterator<Item = &'a Use> + 'a {
        self.uses.get(scope).into_iter().flatten()
    }

    /// The module that defines what `path` (absolute) names: the longest module prefix, then the
    /// `use` of that module that brought the next name in, followed.
    fn defining(&self, path: &[String], hops: usize) -> Module {
        if let Some(m) = self.defined.borrow().get(path) {
            return m.clone();
        }
        let m = self.defining_uncached(path, hops);
        self.defined.borrow_mut().insert(path.to_vec(), m.clone());
        m
    }

    fn defining_uncached(&self, path: &[String], hops: usize) -> Module {
        let k = (0..=path.len())
            .rev()
            .find(|&k| self.modules.contains(&path[..k]))
            .unwrap_or(0);
        let module = path[..k].to_vec();
        if hops < 32
            && let Some(name) = path.get(k)
        {
            let named = self.uses_in(&module).find(|u| &u.name == name);
            let glob = || {
                self.uses_in(&module)
                    .filter(|u| u.name == "*")
                    .find_map(|u| {
                        let m = self.absolute(&u.scope, &u.path)?;
                        let mut p = m;
                        p.push(name.clone());
                        let d = self.defining(&p, hops + 1);
                        (d != module).then_some(p)
                    })
            };
            let target = match named {
                Some(u) => self.absolute(&u.scope, &u.path).map(|mut m| {
                    m.extend(path[k + 1..].iter().cloned());
                    m
                }),
                None => glob(),
            };
            if let Some(t) = target
                && t != path
            {
                return self.defining(&t, hops + 1);
            }
        }
        module
    }

    /// What the code of `f` names in other modules: the defining module and the path as written.
    fn imports_of(&self, f: &File) -> Vec<(Module, String)> {
        let mut out = Vec::new();
        for u in f.uses.iter().filter(|u| !u.reexport) {
            if let Some(abs) = self.absolute(&u.scope, &u.path) {
                out.push((self.defining(&abs, 0), format!("use {}", u.path.join("::"))));
            }
        }
        for (p, scope) in &f.paths {
            if let Some(abs) = self.absolute(scope, p) {
                out.push((self.defining(&abs, 0), p.join("::")));
            }
        }
        out
    }

    /// Edges between nodes, each with the first place that makes it (file module: path as written).
    fn edges(&self) -> BTreeMap<Module, BTreeMap<Module, String>> {
        let mut edges: BTreeMap<Module, BTreeMap<Module, String>> = BTreeMap::new();
        for f in &self.files {
            let from = node(&f.module);
            for (target, written) in self.imports_of(f) {
                let to = node(&target);
                if to != from {
                    edges
                        .entry(from.clone())
                        .or_default()
                        .entry(to)
                        .or_insert_with(|| format!("{}: {written}", f.module.join("::")));
                }
            }
        }
        edges
    }
}

/// The node of a module: its room and the room's sub-module (`kernel::encounter`), or the room alone
/// for the room's own file.
fn node(m: &Module) -> Module {
    m.iter().take(2).cloned().collect()
}

fn name(n: &Module) -> String {
    if n.is_empty() {
        "crate".into()
    } else {
        n.join("::")
    }
}

/// One cycle through `start`, if any (a depth-first search back to it).
fn cycle_through(
    edges: &BTreeMap<Module, BTreeMap<Module, String>>,
    start: &Module,
) -> Option<Vec<Module>> {
    fn go(
        edges: &BTreeMap<Module, BTreeMap<Module, String>>,
        start: &Module,
        at: &Module,
        path: &mut Vec<Module>,
        seen: &mut BTreeSet<Module>,
    ) -> bool {
        for next in edges.get(at).into_iter().flat_map(|e| e.keys()) {
            if next == start {
                return true;
            }
            if seen.insert(next.clone()) {
                path.push(next.clone());
                if go(edges, start, next, path, seen) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    let mut path = vec![start.clone()];
    go(edges, start, start, &mut path, &mut BTreeSet::new()).then_some(path)
}

/// The library's module graph.
fn graph() -> Graph {
    Graph::new(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), false)
}

/// The `mythos` command's module graph (`main.rs` and `cli/`).
fn binary_graph() -> Graph {
    Graph::new(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), true)
}

/// Every cycle of the graph, once each, described edge by edge with the place that makes it.
fn cycles(g: &Graph) -> Vec<String> {
    let edges = g.edges();
    let mut found = BTreeSet::new();
    for start in edges.keys() {
        if let Some(c) = cycle_through(&edges, start) {
            // Each cycle once, from its smallest node.
            let k = (0..c.len()).min_by_key(|&i| &c[i]).unwrap_or(0);
            let mut c = c;
            c.rotate_left(k);
            found.insert(c);
        }
    }
    found
        .iter()
        .map(|c| {
            let steps: Vec<String> = (0..c.len())
                .map(|i| {
                    let (a, b) = (&c[i], &c[(i + 1) % c.len()]);
                    format!("{} -> {} ({})", name(a), name(b), edges[a][b])
                })
                .collect();
            steps.join(", ")
        })
        .collect()
}

#[test]
fn no_module_imports_another_that_imports_it_back() {
    let found = cycles(&graph());
    assert!(
        found.is_empty(),
        "modules that import each other back:\n{}",
        found.join("\n")
    );
}

/// The same of the `mythos` command's modules, which the library graph no longer holds.
#[test]
fn no_module_of_the_command_imports_another_that_imports_it_back() {
    let g = binary_graph();
    assert!(
        g.files.iter().any(|f| f.module == ["cli"]),
        "the binary's graph reads src/cli/"
    );
    let found = cycles(&g);
    assert!(
        found.is_empty(),
        "modules of the command that import each other back:\n{}",
        found.join("\n")
    );
}

/// The library's graph holds no module of the command: `cli/` is the binary's (`main.rs`: `mod
/// cli;`), so no library room can import it, and it can import nothing of the library but what
/// `mythos::` exports.
#[test]
fn the_command_is_no_room_of_the_library() {
    let lib = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/lib.rs"))
        .expect("src/lib.rs");
    assert!(
        !lib.lines()
            .any(|l| l.trim_start().starts_with("pub mod cli")
                || l.trim_start().starts_with("mod cli")),
        "lib.rs declares no cli module"
    );
    assert!(
        graph()
            .files
            .iter()
            .all(|f| f.module.first().map(String::as_str) != Some("cli"))
    );
}

/// The reader finds a cycle made through a re-export and a `super::` path, and none once it is gone.
#[test]
fn a_cycle_through_a_facade_is_found() {
    let module = |p: &str| -> Module { p.split("::").map(String::from).collect() };
    let sources = |b: &str| {
        vec![
            (
                module("room"),
                "mod a;\nmod b;\npub use a::Apple;\npub use b::Bean;\n".to_string(),
            ),
            (
                module("room::a"),
                "use super::Bean;\npub struct Apple(Bean);\n".to_string(),
            ),
            (module("room::b"), b.to_string()),
        ]
    };
    let with = Graph::of(sources(
        "// crate::room::a is only named here\npub struct Bean;\nfn f() -> super::Apple { todo!() }\n",
    ));
    assert_eq!(
        cycles(&with),
        ["room::a -> room::b (room::a: use super::Bean), \
          room::b -> room::a (room::b: super::Apple)"]
    );
    let without = Graph::of(sources("pub struct Bean;\n"));
    assert!(cycles(&without).is_empty());
}

/// The rooms each room may import (DESIGN.md, "Rooms": `kernel` ← `defs` ← `script` ← `scenario`;
/// `transcript` depends on `kernel` only; `odds` plays scenarios; the API and the schemas sit on top;
/// the command, `cli/`, is the binary's and goes through the public API, `mythos::`).
const MAY_IMPORT: &[(&str, &[&str])] = &[
    ("kernel", &[]),
    ("defs", &["kernel"]),
    ("script", &["kernel", "defs"]),
    ("transcript", &["kernel"]),
    ("test_files", &[]),
    ("limits", &[]),
    ("scenario", &["kernel", "defs", "script", "transcript"]),
    ("odds", &["kernel", "defs", "scenario"]),
    ("schema", &["kernel", "defs", "scenario"]),
    (
        "api",
        &["kernel", "defs", "script", "scenario", "odds", "schema"],
    ),
];

/// What any room may import: the folder walk of the unit tests, and the one table of limits (which
/// imports nothing).
const ANY_ROOM_MAY_IMPORT: &[&str] = &["test_files", "limits"];

/// Today's exceptions to `MAY_IMPORT`, each a file: unit tests of the script room that play whole
/// scenario files through `scenario` (they test the sandbox and script positions end to end).
const KNOWN_EXCEPTIONS: &[&str] = &[
    "script::sandbox_tests",
    "script::sandbox_scenario_tests",
    "script::position_tests",
];

#[test]
fn rooms_depend_on_one_another_the_way_design_says() {
    let g = graph();
    let mut wrong = Vec::new();
    for f in &g.files {
        let Some(room) = f.module.first() else {
            continue;
        };
        if KNOWN_EXCEPTIONS.contains(&f.module.join("::").as_str()) {
            continue;
        }
        let Some((_, allowed)) = MAY_IMPORT.iter().find(|(r, _)| r == room) else {
            wrong.push(format!("room `{room}` is not in MAY_IMPORT"));
            continue;
        };
        for (to, why) in g.imports_of(f) {
            let Some(other) = to.first() else { continue };
            if other != room
                && !allowed.contains(&other.as_str())
                && !ANY_ROOM_MAY_IMPORT.contains(&other.as_str())
            {
                wrong.push(format!("{room} -> {other} ({why})"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the rooms' direction:\n{}",
        wrong.join("\n")
    );
}
