//! mythos embedded in a program (`cargo run --example library`): a scenario parsed once, played twice,
//! and its exact odds taken on a worker thread; every error goes up through `?`.
use mythos::{Library, Scenario};
use std::{error::Error, sync::Arc, thread};

// `pub`: tests/library.rs runs it as a test too.
pub fn main() -> Result<(), Box<dyn Error + Send + Sync>> {
    let text = include_str!("trish_strength_test.toml");
    let scenario = Arc::new(Scenario::parse(&Library::new(), "trish.toml", text)?);
    let (first, second) = (scenario.play()?, scenario.play()?);
    assert_eq!(first.result(), second.result(), "its own dice play alike");
    print!("{}", first.transcript());
    let worker = {
        let scenario = Arc::clone(&scenario);
        thread::spawn(move || scenario.exact_odds())
    };
    let odds = worker.join().expect("the worker ends")?;
    println!("passed: {:.2}%", 100.0 * odds.test_passed().unwrap_or(0.0));
    println!("{}", serde_json::to_string(&odds)?);
    Ok(())
}
