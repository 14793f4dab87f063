//! The ways a roll of n dice can come out (face-count multisets) and their multinomial weights.

/// Every multiset of `n` faces, in ascending order, with its probability.
pub fn multisets(n: usize) -> Vec<(Vec<u8>, f64)> {
    fn go(n: usize, min: u8, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if cur.len() == n {
            out.push(cur.clone());
            return;
        }
        for f in min..=6 {
            cur.push(f);
            go(n, f, cur, out);
            cur.pop();
        }
    }
    let mut all = Vec::new();
    go(n, 1, &mut Vec::with_capacity(n), &mut all);
    // Multinomial weights in log space: factorials of 171 or more overflow an f64.
    let lf = ln_factorials(n);
    let ln_total = n as f64 * 6f64.ln();
    all.into_iter()
        .map(|faces| {
            let mut counts = [0usize; 7];
            for f in &faces {
                counts[*f as usize] += 1;
            }
            let w = if n <= MAX_EXACT_FACTORIAL {
                let fact = |k: usize| (1..=k).map(|x| x as f64).product::<f64>();
                fact(n) / counts.iter().map(|c| fact(*c)).product::<f64>() / 6f64.powi(n as i32)
            } else {
                (lf[n] - counts.iter().map(|c| lf[*c]).sum::<f64>() - ln_total).exp()
            };
            (faces, w)
        })
        .collect()
}

/// The largest n whose n! an f64 holds (171! overflows): up to it weights are computed as products, as
/// they always were; past it, in log space.
const MAX_EXACT_FACTORIAL: usize = 170;

/// ln(k!) for k = 0..=n.
fn ln_factorials(n: usize) -> Vec<f64> {
    let mut out = Vec::with_capacity(n + 1);
    let mut acc = 0.0;
    out.push(0.0);
    for k in 1..=n {
        acc += (k as f64).ln();
        out.push(acc);
    }
    out
}

/// The multisets of `n` dice over face classes: each class is (its representative face, the chance a
/// die shows one of its faces).
pub fn class_multisets(n: usize, classes: &[(u8, f64)]) -> Vec<(Vec<u8>, f64)> {
    fn go(
        n: usize,
        i: usize,
        classes: &[(u8, f64)],
        cur: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if i + 1 == classes.len() {
            cur.push(n);
            out.push(cur.clone());
            cur.pop();
            return;
        }
        for k in 0..=n {
            cur.push(k);
            go(n - k, i + 1, classes, cur, out);
            cur.pop();
        }
    }
    let mut all = Vec::new();
    go(n, 0, classes, &mut Vec::new(), &mut all);
    let lf = ln_factorials(n);
    let mut out: Vec<(Vec<u8>, f64)> = all
        .into_iter()
        .map(|counts| {
            let mut faces = Vec::with_capacity(n);
            let fact = |k: usize| (1..=k).map(|x| x as f64).product::<f64>();
            let (mut w, mut ln_w) = (fact(n), lf[n]);
            for (k, (face, p)) in counts.iter().zip(classes) {
                faces.extend(std::iter::repeat_n(*face, *k));
                w *= p.powi(*k as i32) / fact(*k);
                ln_w += *k as f64 * p.ln() - lf[*k];
            }
            faces.sort_unstable();
            (
                faces,
                if n <= MAX_EXACT_FACTORIAL {
                    w
                } else {
                    ln_w.exp()
                },
            )
        })
        .collect();
    out.retain(|(_, w)| *w > 0.0);
    out
}

/// A table of rolls (`multisets`, `class_multisets`) with one row for each number of successes
/// `count` gives them: its faces those of the first roll of that many, its chance theirs added up
/// in table order.
pub fn by_successes(table: &[(Vec<u8>, f64)], count: impl Fn(&[u8]) -> u32) -> Vec<(Vec<u8>, f64)> {
    let mut out: Vec<(Vec<u8>, f64)> = Vec::new();
    let mut successes: Vec<u32> = Vec::new();
    for (faces, w) in table {
        let s = count(faces);
        match successes.iter().position(|t| *t == s) {
            Some(i) => out[i].1 += w,
            None => {
                successes.push(s);
                out.push((faces.clone(), *w));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two dice that fail on 1 to 3, succeed once on 4 or 5 and twice on a 6 (a blessing and a
    /// weapon whose 6s count two): 0 to 4 successes, with chances 1/4, 1/3, 5/18 (two single
    /// successes, or a double and a failure), 1/9 and 1/36.
    #[test]
    fn rolls_of_as_many_successes_are_one_row() {
        let classes = [(3, 0.5), (5, 1.0 / 3.0), (6, 1.0 / 6.0)];
        let value = |f: u8| match f {
            6 => 2,
            4 | 5 => 1,
            _ => 0,
        };
        let rows = by_successes(&class_multisets(2, &classes), |faces| {
            faces.iter().map(|f| value(*f)).sum()
        });
        let chances: Vec<(u32, f64)> = rows
            .iter()
            .map(|(faces, w)| (faces.iter().map(|f| value(*f)).sum(), *w))
            .collect();
        let expected = [
            (0, 0.25),
            (1, 1.0 / 3.0),
            (2, 5.0 / 18.0),
            (3, 1.0 / 9.0),
            (4, 1.0 / 36.0),
        ];
        assert_eq!(chances.len(), expected.len());
        for (s, p) in expected {
            let (_, w) = chances.iter().find(|(t, _)| *t == s).expect("a row");
            assert!((w - p).abs() < 1e-15, "{s} successes: {w} vs {p}");
        }
    }

    #[test]
    fn multisets_cover_every_roll_once() {
        for n in 0..6 {
            let t = multisets(n);
            let total: f64 = t.iter().map(|(_, w)| w).sum();
            assert!((total - 1.0).abs() < 1e-12, "n = {n}");
        }
        // Two dice: 21 multisets; (1, 2) comes up 2 ways in 36.
        let t = multisets(2);
        assert_eq!(t.len(), 21);
        let w = t.iter().find(|(f, _)| f == &vec![1, 2]).unwrap().1;
        assert!((w - 2.0 / 36.0).abs() < 1e-15);
    }
}
