//! Scopes and their overlap (protocol section 5).
//!
//! Normalization, the one pipeline every comparison uses: `\` becomes `/`; a trailing `*`
//! on a directory (`src/*`, `src/lib*`, or `*` alone) means that directory; any other glob
//! (`**`, `*.ts`, `?`, `[`) is refused rather than silently compared as a plain name; the
//! path is resolved against the project root (never the process's cwd); `.` and `..` are
//! handled lexically (nothing on disk is consulted, so a scope may name a file not created
//! yet, and `..` cannot climb above `/`); separators are single; there is no trailing slash
//! except for `/` itself; on Windows the result is lower-cased.
//!
//! Classes: `exact` when the normalized forms are equal, `partial` when one is a strict
//! ancestor of the other (component-wise: `src/lib` is not an ancestor of `src/library`),
//! `disjoint` otherwise. `/` is an ancestor of everything.

use std::fmt;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::output::{Human, Reply};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Overlap {
    Exact,
    Partial,
    Disjoint,
}

impl Overlap {
    pub fn as_str(self) -> &'static str {
        match self {
            Overlap::Exact => "exact",
            Overlap::Partial => "partial",
            Overlap::Disjoint => "disjoint",
        }
    }
}

impl fmt::Display for Overlap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A normalized, absolute scope.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Scope(String);

impl Scope {
    /// Normalizes a scope given on the command line, resolved against `root`.
    pub fn parse(root: &Path, raw: &str) -> Result<Scope> {
        normalize(&root.to_string_lossy(), raw)
            .map(Scope)
            .map_err(|why| {
                Error::bad_input("INVALID_SCOPE", format!("invalid scope {raw:?}: {why}"))
                    .with_hint(
                        "give a path or a directory, optionally with a trailing /* (src/lib, src/*, src/lib/parser.ts)",
                    )
            })
    }

    /// Like [`Scope::parse`], and the scope must lie inside the project root: coordination
    /// state is per project, so a reservation elsewhere would guard nothing.
    pub fn parse_in_project(root: &Path, raw: &str) -> Result<Scope> {
        let scope = Scope::parse(root, raw)?;
        let project = Scope::parse(root, ".")?;
        if !project.contains(&scope) {
            return Err(Error::bad_input(
                "SCOPE_OUTSIDE_PROJECT",
                format!(
                    "scope {raw:?} resolves to {scope}, outside the project root {}",
                    root.display()
                ),
            )
            .with_hint("scopes are paths inside the project; check --project-root"));
        }
        Ok(scope)
    }

    /// The scope of a file named by a tool (git), relative to `root`: a name, not a pattern.
    pub fn of_file(root: &str, path: &str) -> Scope {
        Scope(lexical(root, &path.replace('\\', "/")))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn overlap(&self, other: &Scope) -> Overlap {
        classify(&self.0, &other.0)
    }

    /// Whether `other` is this scope or lies under it.
    pub fn contains(&self, other: &Scope) -> bool {
        self == other || is_ancestor(&self.0, &other.0)
    }

    /// The scope relative to `root` (`.` for the root itself), for human lines.
    pub fn relative_to(&self, root: &Path) -> String {
        let root = root.to_string_lossy();
        if self.0 == root {
            return ".".to_owned();
        }
        let prefix = if root == "/" {
            "/".to_owned()
        } else {
            format!("{root}/")
        };
        match self.0.strip_prefix(&prefix) {
            Some(rest) => rest.to_owned(),
            None => self.0.clone(),
        }
    }
}

impl fmt::Display for Scope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for Scope {
    type Error = String;

    /// A scope read back from a state file must already be in normal form.
    fn try_from(text: String) -> std::result::Result<Scope, String> {
        match normalize("/", &text) {
            Ok(normal) if normal == text => Ok(Scope(text)),
            _ => Err(format!("{text:?} is not a normalized absolute scope")),
        }
    }
}

impl From<Scope> for String {
    fn from(scope: Scope) -> String {
        scope.0
    }
}

/// `scope overlap`: the class of two scopes, then their normalized forms.
#[derive(Debug, Serialize)]
pub struct Classified {
    class: Overlap,
    a: Scope,
    b: Scope,
}

impl Classified {
    pub fn new(a: Scope, b: Scope) -> Classified {
        Classified {
            class: a.overlap(&b),
            a,
            b,
        }
    }
}

impl Reply for Classified {
    fn human(&self, out: &mut Human) {
        out.line(format!("{} {} {}", self.class, self.a, self.b));
    }
}

/// The normalization pipeline on text: `raw` resolved against the absolute `root`.
pub fn normalize(root: &str, raw: &str) -> std::result::Result<String, String> {
    if raw.is_empty() {
        return Err("it is empty".to_owned());
    }
    if raw.contains('\0') {
        return Err("it contains a NUL byte".to_owned());
    }
    let slashed = raw.replace('\\', "/");
    let mut path = slashed.as_str();
    // `src/*`, `src/lib*` and `*` name a directory; only one trailing star is allowed.
    if let Some(rest) = path.strip_suffix('*') {
        path = rest;
    }
    if path.contains("*") {
        return Err("only a trailing * after a directory is supported (no **, no *.ext)".into());
    }
    if let Some(glob) = path.chars().find(|c| matches!(c, '?' | '[')) {
        return Err(format!("glob character {glob:?} is not supported"));
    }
    Ok(lexical(root, path))
}

/// `path` resolved against the absolute `root`, with `.`, `..` and repeated separators
/// handled lexically; no glob handling (for paths that name real files).
pub fn lexical(root: &str, path: &str) -> String {
    let joined = if path.starts_with('/') {
        path.to_owned()
    } else {
        format!("{root}/{path}")
    };
    let mut parts: Vec<&str> = Vec::new();
    for part in joined.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            name => parts.push(name),
        }
    }
    let normal = format!("/{}", parts.join("/"));
    if cfg!(windows) {
        normal.to_lowercase()
    } else {
        normal
    }
}

/// The class of two normalized scopes.
pub fn classify(a: &str, b: &str) -> Overlap {
    if a == b {
        Overlap::Exact
    } else if is_ancestor(a, b) || is_ancestor(b, a) {
        Overlap::Partial
    } else {
        Overlap::Disjoint
    }
}

/// Whether normalized `a` is a strict ancestor of normalized `b`.
fn is_ancestor(a: &str, b: &str) -> bool {
    if a == b {
        return false;
    }
    if a == "/" {
        return true;
    }
    b.strip_prefix(a).is_some_and(|rest| rest.starts_with('/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(a: &str, b: &str) -> Overlap {
        let a = normalize("/repo", a).unwrap();
        let b = normalize("/repo", b).unwrap();
        classify(&a, &b)
    }

    #[test]
    fn the_four_required_examples() {
        assert_eq!(class("src/*", "src/lib/parser.ts"), Overlap::Partial);
        assert_eq!(class("src/lib", "src/lib/parser.ts"), Overlap::Partial);
        assert_eq!(
            class("src/lib/parser.ts", "src/lib/parser.ts"),
            Overlap::Exact
        );
        assert_eq!(class("src/lib", "src/components"), Overlap::Disjoint);
    }

    #[test]
    fn normal_forms() {
        let n = |raw| normalize("/repo", raw).unwrap();
        assert_eq!(n("src/"), "/repo/src");
        assert_eq!(n("./src//lib/"), "/repo/src/lib");
        assert_eq!(n("src\\lib"), "/repo/src/lib");
        assert_eq!(n("src/../lib/./x"), "/repo/lib/x");
        assert_eq!(n("*"), "/repo");
        assert_eq!(n("."), "/repo");
        assert_eq!(n("/"), "/");
        assert_eq!(n("/../.."), "/");
        assert_eq!(n("src/lib*"), "/repo/src/lib");
        for bad in ["", "src/**", "*.ts", "src/*.ts", "src/?", "src/[ab]", "a*b"] {
            assert!(normalize("/repo", bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn ancestry_is_component_wise() {
        assert_eq!(class("src/lib", "src/library"), Overlap::Disjoint);
        assert_eq!(class("/", "src"), Overlap::Partial);
        assert_eq!(class(".", "src/lib"), Overlap::Partial);
    }
}
