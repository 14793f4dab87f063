//! The published playground is the tested one (issue 40 item 5): CI (`.ci/run`) and the GitHub Pages
//! workflow (`.github/workflows/pages.yml`) build and test the page with the same script, `.ci/web`, and
//! the workflow publishes what that script built, `web/dist`, only after it.

use std::fs::read_to_string;

fn file(path: &str) -> String {
    read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The lines of a script that run something (not comments, not blank).
fn commands(text: &str) -> Vec<&str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

#[test]
fn ci_and_the_pages_workflow_run_the_same_web_script() {
    let run = file(".ci/run");
    assert!(commands(&run).contains(&".ci/web"), ".ci/run runs .ci/web");
    let web = file(".ci/web");
    let web = commands(&web);
    for step in ["web/build.sh", "(cd web && npm test)"] {
        assert!(web.contains(&step), ".ci/web runs `{step}`");
    }
    let build = web.iter().position(|l| *l == "web/build.sh").unwrap();
    let test = web
        .iter()
        .position(|l| *l == "(cd web && npm test)")
        .unwrap();
    assert!(build < test, ".ci/web tests the page it built");

    let pages = file(".github/workflows/pages.yml");
    let run_web = pages
        .find("run: .ci/web")
        .expect("the workflow runs .ci/web");
    let upload = pages
        .find("actions/upload-pages-artifact")
        .expect("the workflow uploads the site");
    assert!(
        run_web < upload,
        "the workflow publishes only after .ci/web"
    );
    let after = &pages[upload..];
    assert!(
        after.contains("path: web/dist"),
        "the workflow publishes web/dist, what web/build.sh built"
    );
    assert!(
        after.contains("actions/deploy-pages"),
        "the workflow deploys the upload to GitHub Pages"
    );
}
