//! A card pack: a folder holding `pack.toml` (name, game, version, the packs it requires), `cards/` and
//! `scripts/`. Packs load after the base pack, in the order given; the CLI reads the folder and hands its
//! files over as (path, text) pairs.

use super::parse::parse_toml_all;
use super::{Code, Diagnostic, SourceFile, closest};
use crate::kernel::Game;
use serde::Deserialize;
use toml::Spanned;

/// `pack.toml` as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawManifest {
    pub name: Spanned<String>,
    pub game: Spanned<String>,
    pub version: Spanned<String>,
    #[serde(default)]
    pub requires: Vec<Spanned<String>>,
    #[serde(default)]
    #[allow(dead_code, reason = "a key pack.toml may hold; nothing shows it yet")]
    pub description: Option<String>,
    #[serde(default)]
    #[allow(dead_code, reason = "a key pack.toml may hold; nothing shows it yet")]
    pub authors: Vec<String>,
}

/// A pack's manifest, checked, and its card and script files.
#[derive(Debug, Clone)]
pub struct Pack {
    pub name: String,
    pub game: Game,
    #[allow(dead_code, reason = "checked at load; nothing shows it yet")]
    pub version: String,
    /// The folder it was read from, as given.
    pub root: String,
    pub manifest: SourceFile,
    pub raw: RawManifest,
    /// `cards/**.toml` and `scripts/**.rhai`, paths starting with `root`.
    pub files: Vec<(String, String)>,
}

pub use crate::limits::MAX_REQUIRES;

/// The name the base pack goes by in `requires` and in transcripts.
pub const BASE_PACK: &str = "base";

fn is_id(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

impl Pack {
    /// The manifest path of a pack folder.
    pub fn manifest_path(root: &str) -> String {
        format!("{}/pack.toml", root.trim_end_matches('/'))
    }

    /// Builds a pack from the files of its folder `root` (paths start with `root`). Every problem of the
    /// manifest is reported; files other than the manifest, `cards/**.toml` and `scripts/**.rhai` are
    /// left alone (a pack may carry its own scenarios and notes).
    pub fn from_files(root: &str, files: Vec<(String, String)>) -> Result<Pack, Vec<Diagnostic>> {
        let root = root.trim_end_matches('/').to_string();
        let manifest_path = Pack::manifest_path(&root);
        let Some((_, text)) = files.iter().find(|(p, _)| *p == manifest_path) else {
            return Err(vec![
                Diagnostic::new(Code::MissingKey, format!("`{root}` has no `pack.toml`"))
                    .at(&SourceFile::new(manifest_path, ""), 0..0)
                    .hint(
                        "a pack folder holds pack.toml (name, game, version), cards/ and scripts/",
                    ),
            ]);
        };
        let manifest = SourceFile::new(manifest_path.clone(), text.as_str());
        let raw: RawManifest = parse_toml_all(&manifest)?;
        let problems = manifest_problems(&raw, &manifest);
        let game = Game::parse(raw.game.get_ref());
        let version = raw.version.get_ref();
        let (Some(game), true) = (game, problems.is_empty()) else {
            return Err(problems);
        };
        let cards = format!("{root}/cards/");
        let scripts = format!("{root}/scripts/");
        let files = files
            .into_iter()
            .filter(|(p, _)| {
                p.starts_with(&cards) && p.ends_with(".toml")
                    || p.starts_with(&scripts) && p.ends_with(".rhai")
            })
            .collect();
        Ok(Pack {
            name: raw.name.get_ref().clone(),
            game,
            version: version.clone(),
            root,
            manifest,
            raw,
            files,
        })
    }

    /// E0204: a pack of one game loaded into a game of the other.
    pub fn wrong_game(&self, game: Game) -> Diagnostic {
        Diagnostic::new(
            Code::PackOfOtherGame,
            format!(
                "pack `{}` is for {}, not {}",
                self.name,
                self.game.as_str(),
                game.as_str()
            ),
        )
        .at(&self.manifest, self.raw.game.span())
        .label("this pack's game")
        .hint("a scenario loads only packs of its own game")
    }

    /// E0205 for each required pack not among `loaded`, with the closest loaded name.
    pub fn missing_requirements(&self, loaded: &[String]) -> Vec<Diagnostic> {
        self.raw
            .requires
            .iter()
            .filter(|r| !loaded.iter().any(|l| l == r.get_ref()))
            .map(|r| {
                let near = closest(r.get_ref(), loaded.iter().map(String::as_str));
                Diagnostic::new(
                    Code::MissingRequirement,
                    format!(
                        "pack `{}` requires pack `{}`, which is not loaded before it",
                        self.name,
                        r.get_ref()
                    ),
                )
                .at(&self.manifest, r.span())
                .label("not loaded")
                .hint(match near.first() {
                    Some(n) => format!("did you mean `{n}`?"),
                    None => format!(
                        "load `{}` first: an earlier `--pack DIR`, or earlier in the scenario's `packs`",
                        r.get_ref()
                    ),
                })
            })
            .collect()
    }
}

/// The name of a file without its folder and extension: a script goes with the card file of its stem.
pub(crate) fn stem(path: &str) -> &str {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.rsplit_once('.').map(|(s, _)| s).unwrap_or(name)
}

/// E0207 for each card file, or script, whose stem an earlier one of the same pack already has: which
/// card a script goes with would depend on the order the files are read. Names both files.
pub(crate) fn stem_clashes(files: &[(String, String)]) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    for (ext, what) in [(".toml", "card files"), (".rhai", "scripts")] {
        let mut seen: std::collections::BTreeMap<&str, &str> = Default::default();
        for (path, _) in files.iter().filter(|(p, _)| p.ends_with(ext)) {
            if let Some(first) = seen.insert(stem(path), path) {
                seen.insert(stem(path), first);
                problems.push(
                    Diagnostic::new(
                        Code::StemClash,
                        format!(
                            "two {what} of one pack have the stem `{}`: {first} and {path}",
                            stem(path)
                        ),
                    )
                    .at(&SourceFile::new(path.clone(), ""), 0..0)
                    .hint(
                        "a script goes with the card file of its stem, wherever it sits in the \
                         folder: rename one of them",
                    ),
                );
            }
        }
    }
    problems
}

/// Every problem of a pack's manifest: its name, game, version and `requires`.
fn manifest_problems(raw: &RawManifest, manifest: &SourceFile) -> Vec<Diagnostic> {
    let mut problems: Vec<Diagnostic> = name_problem(raw, manifest).into_iter().collect();
    if Game::parse(raw.game.get_ref()).is_none() {
        problems.push(
            Diagnostic::new(
                Code::OutOfRange,
                format!("`{}` is not a game", raw.game.get_ref()),
            )
            .at(manifest, raw.game.span())
            .hint("`eldritch` or `arkham`"),
        );
    }
    let version = raw.version.get_ref();
    let semver = version.split('.').count() == 3
        && version
            .split('.')
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()));
    if !semver {
        problems.push(
            Diagnostic::new(
                Code::OutOfRange,
                format!("version `{version}` is not MAJOR.MINOR.PATCH"),
            )
            .at(manifest, raw.version.span())
            .hint("for example `1.0.0`"),
        );
    }
    problems.extend(requires_problems(raw, manifest));
    problems
}

/// A pack name that is not an id, or that is the base pack's.
fn name_problem(raw: &RawManifest, manifest: &SourceFile) -> Option<Diagnostic> {
    let name = raw.name.get_ref();
    if !is_id(name) {
        let d = Diagnostic::new(
            Code::OutOfRange,
            format!("pack name `{name}` must be lowercase letters, digits and `_`"),
        );
        let hint = format!("for example `{}`", super::card_id(name));
        Some(d.at(manifest, raw.name.span()).hint(hint))
    } else if name == BASE_PACK {
        let d = Diagnostic::new(Code::OutOfRange, "`base` is the name of the base pack");
        Some(
            d.at(manifest, raw.name.span())
                .hint("give the pack a name of its own"),
        )
    } else {
        None
    }
}

/// `requires` naming too many packs, or the pack itself.
fn requires_problems(raw: &RawManifest, manifest: &SourceFile) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    if let Some(extra) = raw.requires.get(MAX_REQUIRES) {
        problems.push(
            Diagnostic::new(
                Code::OutOfRange,
                format!(
                    "`requires` names {} packs; a pack requires at most {MAX_REQUIRES}",
                    raw.requires.len()
                ),
            )
            .at(manifest, extra.span())
            .label("one too many")
            .hint("require only the packs this pack's cards build on"),
        );
    }
    for r in raw.requires.iter().take(MAX_REQUIRES) {
        if r.get_ref() == raw.name.get_ref() {
            problems.push(
                Diagnostic::new(Code::OutOfRange, "a pack cannot require itself")
                    .at(manifest, r.span())
                    .hint("remove it from `requires`"),
            );
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(manifest: &str) -> Vec<(String, String)> {
        vec![
            ("p/pack.toml".into(), manifest.into()),
            ("p/cards/a.toml".into(), "id = \"a\"".into()),
            ("p/scripts/a.rhai".into(), "".into()),
            ("p/scenarios/s.toml".into(), "".into()),
        ]
    }

    #[test]
    fn a_pack_keeps_only_its_cards_and_scripts() {
        let p = Pack::from_files(
            "p/",
            files("name = \"p\"\ngame = \"eldritch\"\nversion = \"1.0.0\""),
        )
        .expect("a valid manifest");
        let paths: Vec<&str> = p.files.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(paths, ["p/cards/a.toml", "p/scripts/a.rhai"]);
        assert_eq!(p.game, Game::Eldritch);
    }

    #[test]
    fn every_manifest_problem_is_reported() {
        let ds = Pack::from_files(
            "p",
            files("name = \"P!\"\ngame = \"chess\"\nversion = \"one\""),
        )
        .expect_err("three problems");
        let got: Vec<String> = ds
            .iter()
            .map(|d| d.location().unwrap_or_default())
            .collect();
        assert_eq!(
            got,
            ["p/pack.toml:1:8", "p/pack.toml:2:8", "p/pack.toml:3:11"]
        );
    }

    #[test]
    fn two_scripts_of_one_stem_are_e0207_naming_both() {
        let files = vec![
            ("p/scripts/a/x.rhai".to_string(), String::new()),
            ("p/scripts/b/x.rhai".to_string(), String::new()),
            ("p/cards/x.toml".to_string(), String::new()),
        ];
        let ds = stem_clashes(&files);
        assert_eq!(ds.len(), 1);
        assert_eq!(ds[0].code, Code::StemClash);
        assert!(
            ds[0]
                .message
                .contains("p/scripts/a/x.rhai and p/scripts/b/x.rhai")
        );
    }

    #[test]
    fn a_folder_without_a_manifest_is_e0104() {
        let ds = Pack::from_files("q", vec![]).expect_err("no manifest");
        assert_eq!(ds[0].code, Code::MissingKey);
        assert_eq!(ds[0].location().as_deref(), Some("q/pack.toml:1:1"));
    }
}

/// `packs` in an order that loads each after the packs it requires among them (`validate DIR` of a
/// folder of packs, found in name order): a stable order, each pack as early as its requirements let
/// it be. A requirement that is not among them (the base or a shipped pack, or one missing) does not
/// hold a pack back; packs that require one another in a circle keep their order, and loading them
/// reports the requirement not loaded before (E0205).
pub fn in_requires_order<'a>(packs: &[&'a Pack]) -> Vec<&'a Pack> {
    let among = |name: &str| packs.iter().any(|p| p.name == name);
    let mut left: Vec<&Pack> = packs.to_vec();
    let mut out: Vec<&Pack> = Vec::with_capacity(packs.len());
    while !left.is_empty() {
        let ready = left.iter().position(|p| {
            p.raw.requires.iter().all(|r| {
                let r = r.get_ref().as_str();
                !among(r) || r == p.name || out.iter().any(|q| q.name == r)
            })
        });
        // In a circle none is ready: the first is loaded, and its missing requirement reported.
        out.push(left.remove(ready.unwrap_or(0)));
    }
    out
}

#[cfg(test)]
mod order_tests {
    use super::*;

    fn pack(name: &str, requires: &[&str]) -> Pack {
        let text = format!(
            "name = \"{name}\"\ngame = \"eldritch\"\nversion = \"1\"\nrequires = [{}]\n",
            requires
                .iter()
                .map(|r| format!("\"{r}\""))
                .collect::<Vec<_>>()
                .join(", ")
        );
        let raw: RawManifest = toml::from_str(&text).expect("manifest");
        Pack {
            name: name.into(),
            game: Game::Eldritch,
            version: "1".into(),
            root: name.into(),
            manifest: SourceFile::new(format!("{name}/pack.toml"), text),
            raw,
            files: Vec::new(),
        }
    }

    fn names(packs: &[&Pack]) -> Vec<String> {
        in_requires_order(packs)
            .iter()
            .map(|p| p.name.clone())
            .collect()
    }

    /// A pack found before one it requires (folders in name order: `a_expansion` requires
    /// `z_core`) is loaded after it; the others keep the order found.
    #[test]
    fn a_folder_of_packs_loads_each_after_the_packs_it_requires() {
        let (a, b, z) = (pack("a", &["z", "base"]), pack("b", &[]), pack("z", &["b"]));
        assert_eq!(names(&[&a, &b, &z]), ["b", "z", "a"]);
        assert_eq!(names(&[&b, &z, &a]), ["b", "z", "a"]);
    }

    /// Packs that require one another in a circle keep the order found (loading them reports it).
    #[test]
    fn packs_in_a_circle_keep_their_order() {
        let (a, b) = (pack("a", &["b"]), pack("b", &["a"]));
        assert_eq!(names(&[&a, &b]), ["a", "b"]);
    }
}
