//! `mythos play`: a table companion in the terminal, over the library's step-by-step play
//! (`Scenario::step`): the scenario is replayed from its start with the faces rolled at the table and
//! the answers chosen so far; where they end, the player is asked for the next faces (or `r` to roll
//! them here, `Dice`) or the next choice, shown with the odds of each option under the best play after
//! it (`Scenario::decision`). The transcript is printed as it grows. `q` quits.

use super::args::Cli;
use super::args::Format;
use super::play::{failed, scenario_at};
use super::report::print_diagnostics;
use mythos::{Dice, Next, Objective, Scenario};
use std::io::{BufRead, Write};
use std::path::Path;

/// What the player typed.
enum Reply<T> {
    Quit,
    /// Standard input could not be read (not its end): the reason.
    Unreadable(String),
    Given(T),
}

impl<T> Reply<T> {
    fn map<U>(self, f: impl FnOnce(T) -> U) -> Reply<U> {
        match self {
            Reply::Quit => Reply::Quit,
            Reply::Unreadable(why) => Reply::Unreadable(why),
            Reply::Given(v) => Reply::Given(f(v)),
        }
    }
}

pub(super) use mythos::limits::MAX_ANSWER;

/// One line of input, at most [`MAX_ANSWER`] bytes kept: `None` at the end of input, `Err(length)`
/// for a longer line (read to its end, in pieces, and dropped). Bytes that are not UTF-8 are
/// replaced.
fn read_answer(input: &mut impl BufRead) -> std::io::Result<Option<Result<String, u64>>> {
    let mut kept = Vec::new();
    let mut total: u64 = 0;
    loop {
        let (done, used) = {
            let buf = input.fill_buf()?;
            if buf.is_empty() {
                break;
            }
            let (done, used) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (true, i + 1),
                None => (false, buf.len()),
            };
            if kept.len() <= MAX_ANSWER {
                let room = (MAX_ANSWER + 1 - kept.len()).min(used);
                kept.extend_from_slice(&buf[..room]);
            }
            (done, used)
        };
        input.consume(used);
        total += used as u64;
        if done {
            break;
        }
    }
    if total == 0 {
        return Ok(None);
    }
    let line = String::from_utf8_lossy(&kept);
    let line = line.strip_suffix('\n').unwrap_or(&line);
    if total > MAX_ANSWER as u64 + 1 || line.len() > MAX_ANSWER {
        return Ok(Some(Err(total)));
    }
    Ok(Some(Ok(line.to_string())))
}

/// Reads one answer, asking again after each bad one with the reason; end of input quits, saying so.
fn ask<T>(
    input: &mut impl BufRead,
    prompt: &str,
    mut parse: impl FnMut(&str) -> Result<T, String>,
) -> Reply<T> {
    loop {
        out!("{prompt} > ");
        let _ = std::io::stdout().flush();
        let line = match read_answer(input) {
            Ok(None) => {
                outln!();
                outln!("(end of input: quit)");
                return Reply::Quit;
            }
            Err(e) => {
                outln!();
                return Reply::Unreadable(e.to_string());
            }
            Ok(Some(Err(skipped))) => {
                outln!(
                    "an answer is at most {MAX_ANSWER} bytes; this line had {skipped}: ask again"
                );
                continue;
            }
            Ok(Some(Ok(line))) => line,
        };
        let line = line.trim();
        if line.eq_ignore_ascii_case("q") {
            return Reply::Quit;
        }
        match parse(line) {
            Ok(v) => return Reply::Given(v),
            Err(why) => outln!("{why}"),
        }
    }
}

/// `n` faces as typed: separated by spaces or commas, or written together (`526`).
pub(super) fn parse_faces(s: &str, n: usize) -> Result<Vec<u8>, String> {
    let mut faces = Vec::new();
    for token in s.split(|c: char| c.is_whitespace() || c == ',') {
        if token.is_empty() {
            continue;
        }
        let digits: Vec<&str> = if token.chars().all(|c| c.is_ascii_digit()) && n > 1 {
            token
                .char_indices()
                .map(|(i, c)| &token[i..i + c.len_utf8()])
                .collect()
        } else {
            vec![token]
        };
        for d in digits {
            match d.parse::<u8>() {
                Ok(f @ 1..=6) => faces.push(f),
                _ => {
                    return Err(format!(
                        "`{}` is not a die face: faces are 1 to 6",
                        mythos::visible(d)
                    ));
                }
            }
        }
    }
    if faces.len() != n {
        return Err(format!(
            "{n} {} wanted, {} given (type them like `5 2 6`, or `r` to roll them here)",
            if n == 1 { "face" } else { "faces" },
            faces.len()
        ));
    }
    Ok(faces)
}

/// One game at the table: the scenario, what was rolled and chosen so far, and what was shown.
struct Table {
    scenario: Scenario,
    objective: Objective,
    /// The dice rolled here when the player types `r`.
    here: Dice,
    faces: Vec<u8>,
    answers: Vec<usize>,
    /// The transcript printed so far.
    shown: String,
}

/// `mythos play FILE`: the odds shown aim for `objective`, or when `None` for the scenario's default
/// objective (`pass` on a [test], `defeat_all` on a combat), as `mythos odds FILE` does.
pub(super) fn play(cli: &Cli, file: &Path, objective: Option<Objective>, seed: Option<u64>) -> i32 {
    let scenario = match scenario_at(file, cli) {
        Ok(s) => s,
        Err(ds) => return failed(&ds, Format::Text),
    };
    // An aim the scenario cannot score (`--best pass` of a combat) is refused before play, as
    // `mythos odds --best` refuses it (E0504).
    if let Some(o) = objective
        && let Err(d) = scenario.check_objective(o)
    {
        print_diagnostics(std::slice::from_ref(&d));
        return 2;
    }
    let default = scenario.default_objective();
    let mut table = Table::new(scenario, objective.unwrap_or(default), seed);
    out!("{}", table.scenario.header());
    outln!(
        "(mythos play: type the faces you roll, `r` to roll them here, the number of an option; `q` quits)"
    );
    outln!("{}", advice_line(table.objective, objective.is_none()));
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    loop {
        let step = table.scenario.step(&table.faces, &table.answers);
        table.print_transcript(step.transcript());
        let reply = match step.next() {
            Next::Done(summary) => {
                out!("{summary}");
                return 0;
            }
            Next::Roll(n) => table.ask_faces(&mut input, *n),
            Next::Flip(n) => table.ask_flip(&mut input, *n),
            Next::Decide { question, options } => {
                table.show_decision(question, options);
                table.ask_option(&mut input, options.len())
            }
            Next::Failed(d) => {
                print_diagnostics(std::slice::from_ref(d));
                return 2;
            }
        };
        match reply {
            Reply::Quit => return 0,
            Reply::Unreadable(why) => {
                eprintln!("mythos: cannot read the answer from standard input: {why}");
                return 2;
            }
            Reply::Given(()) => {}
        }
    }
}

/// The line that says what the odds shown at each decision aim for: the best play for `objective`,
/// and when it is the scenario's `default`, that it is (as `mythos odds`'s `policy:` line).
fn advice_line(objective: Objective, default: bool) -> String {
    if default {
        format!(
            "(odds: the best play for `{}`, the default for {} (ties go to less lost); `--best OBJECTIVE` aims elsewhere)",
            objective.as_str(),
            match objective {
                Objective::Pass => "a [test]",
                _ => "a combat",
            }
        )
    } else {
        format!("(odds: the best play for `{}`)", objective.as_str())
    }
}

impl Table {
    fn new(scenario: Scenario, objective: Objective, seed: Option<u64>) -> Table {
        let seed = seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_secs())
        });
        Table {
            scenario,
            objective,
            here: Dice::seeded(seed),
            faces: Vec::new(),
            answers: Vec::new(),
            shown: String::new(),
        }
    }

    /// The lines of the transcript not printed yet.
    fn print_transcript(&mut self, text: &str) {
        match text.strip_prefix(self.shown.as_str()) {
            Some(rest) => out!("{rest}"),
            // A line already shown now reads otherwise (one merged with the next): all of it again.
            None => out!("(the transcript so far, revised)\n{text}"),
        }
        self.shown = text.to_string();
    }

    /// The copy of a card of `backs` backs just flipped (or of the `backs` copies a Condition gained
    /// by its trait is drawn from), typed or drawn here.
    fn ask_flip(&mut self, input: &mut impl BufRead, backs: usize) -> Reply<()> {
        let prompt = format!(
            "a card is flipped, or a Condition drawn by its trait: which of its {backs} copies is it (1 to {backs}), or `r` to draw here"
        );
        let here = &mut self.here;
        let reply = ask(input, &prompt, |s| {
            if s.eq_ignore_ascii_case("r") {
                return Ok(here.flip(backs));
            }
            match s.trim().parse::<u8>() {
                Ok(c) if (1..=backs).contains(&(c as usize)) => Ok(c),
                _ => Err(format!(
                    "`{}` is not a back: 1 to {backs}",
                    mythos::visible(s.trim())
                )),
            }
        });
        reply.map(|c| {
            outln!("back: copy {c} of {backs}");
            self.faces.push(c);
        })
    }

    /// The faces of the next `n` dice, typed or rolled here.
    fn ask_faces(&mut self, input: &mut impl BufRead, n: usize) -> Reply<()> {
        let prompt = format!(
            "roll {n} {}: the {} (1 to 6), or `r` to roll here",
            if n == 1 { "die" } else { "dice" },
            if n == 1 { "face" } else { "faces" }
        );
        let here = &mut self.here;
        let reply = ask(input, &prompt, |s| {
            if s.eq_ignore_ascii_case("r") {
                Ok(here.roll(n))
            } else {
                parse_faces(s, n)
            }
        });
        reply.map(|v| {
            outln!(
                "faces: {}",
                v.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
            );
            self.faces.extend(v);
        })
    }

    /// The question and its options, each with its odds under the best play after it when exact
    /// odds of the rest can be had.
    fn show_decision(&self, question: &str, options: &[String]) {
        let Some(d) = self
            .scenario
            .decision(self.objective, &self.faces, &self.answers)
        else {
            outln!("{question} (exact odds of the rest are too large to show)");
            for (i, a) in options.iter().enumerate() {
                outln!("    {:>2}. {a}", i + 1);
            }
            return;
        };
        outln!(
            "decision (odds under the best play after it, for `{}`; * is the best):",
            self.objective.as_str()
        );
        out!("{}", d.text());
    }

    /// The number of one of `k` options.
    fn ask_option(&mut self, input: &mut impl BufRead, k: usize) -> Reply<()> {
        let prompt = format!("choose 1 to {k}");
        let reply = ask(input, &prompt, |s| match s.parse::<usize>() {
            Ok(i @ 1..) if i <= k => Ok(i - 1),
            _ => Err(format!(
                "`{}` is not an option: choose 1 to {k}, or `q` to quit",
                mythos::visible(s)
            )),
        });
        reply.map(|i| self.answers.push(i))
    }
}

#[cfg(test)]
mod tests {
    use super::{MAX_ANSWER, parse_faces, read_answer};

    /// An answer line is kept up to `MAX_ANSWER` bytes; a longer one is read to its end, dropped and
    /// told by its length, and the next line is read as it is (issue 39: a line was kept and echoed
    /// whole, however long).
    #[test]
    fn a_long_answer_line_is_dropped_with_its_length() {
        let long = "7".repeat(10_000_000);
        let text = format!("{long}\n2\n");
        let mut input = std::io::BufReader::with_capacity(64, text.as_bytes());
        assert_eq!(read_answer(&mut input).unwrap(), Some(Err(10_000_001)));
        assert_eq!(read_answer(&mut input).unwrap(), Some(Ok("2".to_string())));
        assert_eq!(read_answer(&mut input).unwrap(), None);
        let most = "1".repeat(MAX_ANSWER);
        let mut input = std::io::BufReader::with_capacity(16, most.as_bytes());
        assert_eq!(read_answer(&mut input).unwrap(), Some(Ok(most.clone())));
    }

    /// A bad face typed is echoed with its control characters made visible.
    #[test]
    fn a_bad_face_is_echoed_without_control_characters() {
        let why = parse_faces("\u{1b}]0;x\u{7}", 1).unwrap_err();
        assert!(!why.chars().any(char::is_control), "{why:?}");
    }

    /// Faces are typed separated or together; each is 1 to 6, and exactly as many as the dice rolled.
    #[test]
    fn faces_are_one_to_six_and_as_many_as_rolled() {
        assert_eq!(parse_faces("5 2 6", 3), Ok(vec![5, 2, 6]));
        assert_eq!(parse_faces("5,2,6", 3), Ok(vec![5, 2, 6]));
        assert_eq!(parse_faces("526", 3), Ok(vec![5, 2, 6]));
        assert!(
            parse_faces("7", 1)
                .unwrap_err()
                .contains("`7` is not a die face")
        );
        assert!(
            parse_faces("5 2", 3)
                .unwrap_err()
                .contains("3 faces wanted, 2 given")
        );
    }
}
