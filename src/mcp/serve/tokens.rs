//! `parley token`: the bearer tokens `parley serve --tokens FILE` accepts, each with a role
//! (an agent's, an admin's, a viewer's) and a unique label.
//!
//! A token is printed once, when it is made, and never stored: FILE keeps its SHA-256 hash
//! with the role, the agent, the label and the date, as TOML, readable by its owner only
//! (mode 0600, written whole through the store layer's atomic replace). The server reads
//! FILE again whenever it changes (see [`Book`]), so a revocation takes effect at the next
//! request, without a restart. A presented token is hashed and compared with every stored
//! hash in constant time.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::app;
use crate::context::Ctx;
use crate::error::{Error, Result, Status};
use crate::mcp::dashboard::auth::{Person, Refused};
use crate::names::Name;
use crate::output::{Human, Outcome, Reply};
use crate::store;

/// What a token may do (see docs/serve.md, "Roles").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Acts as one agent only.
    Agent,
    /// May do everything.
    Admin,
    /// May only call what changes nothing.
    Viewer,
}

impl Role {
    pub fn name(self) -> &'static str {
        match self {
            Role::Agent => "agent",
            Role::Admin => "admin",
            Role::Viewer => "viewer",
        }
    }
}

/// One stored token: never the token itself.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Stored {
    label: String,
    role: Role,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    agent: Option<String>,
    sha256: String,
    created: String,
}

/// The file: `[[token]]` tables.
#[derive(Debug, Default, Serialize, Deserialize)]
struct TokenFile {
    #[serde(default, rename = "token")]
    tokens: Vec<Stored>,
}

/// Who a request comes from: what its token says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller {
    pub role: Role,
    /// The agent an agent token acts as.
    pub agent: Option<String>,
    pub label: String,
}

const HEADER: &str =
    "# parley tokens (parley token new/list/revoke): only SHA-256 hashes are kept here.\n";

/// Refuses what is there but is no regular file (a FIFO would block the read).
pub(super) fn regular(path: &Path) -> Result<()> {
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => Err(Error::new(
            Status::NotFound,
            "UNREADABLE_INPUT",
            format!("{} is not a regular file", path.display()),
        )),
        _ => Ok(()),
    }
}

fn read_file(path: &Path) -> Result<TokenFile> {
    regular(path)?;
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(TokenFile::default()),
        Err(e) => return Err(Error::io("read", path, e)),
    };
    let file: TokenFile =
        toml::from_str(&text).map_err(|e| Error::malformed(path, None, e.message()))?;
    for stored in &file.tokens {
        let hex_ok =
            stored.sha256.len() == 64 && stored.sha256.bytes().all(|b| b.is_ascii_hexdigit());
        if !hex_ok || (stored.role == Role::Agent) != stored.agent.is_some() {
            return Err(Error::malformed(
                path,
                None,
                format!("the token labelled '{}' is not a valid entry", stored.label),
            ));
        }
    }
    Ok(file)
}

fn write_file(path: &Path, file: &TokenFile) -> Result<()> {
    let body = toml::to_string(file)
        .map_err(|e| Error::new(Status::Io, "IO", format!("cannot write the tokens: {e}")))?;
    store::publish_private_file(path, format!("{HEADER}{body}").as_bytes())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The SHA-256 of a token, as stored.
fn hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

fn unhex(text: &str) -> Option<[u8; 32]> {
    let mut out = [0u8; 32];
    for (at, pair) in text.as_bytes().chunks(2).enumerate() {
        let pair = std::str::from_utf8(pair).ok()?;
        *out.get_mut(at)? = u8::from_str_radix(pair, 16).ok()?;
    }
    Some(out)
}

/// A new token: 32 random bytes from the operating system, in hex, after a recognisable prefix.
fn new_token() -> Result<String> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)
        .map_err(|e| Error::new(Status::Io, "IO", format!("no randomness for a token: {e}")))?;
    Ok(format!("parley_{}", hex(&bytes)))
}

/// The tokens a server accepts, read again from FILE whenever it changes (its size, time or
/// inode). A file that cannot be read or parsed any more accepts no token until it can
/// (failing closed), and says so on stderr once.
pub struct Book {
    path: PathBuf,
    state: Mutex<Loaded>,
}

struct Loaded {
    seen: Option<(u64, i64, i64, u64)>,
    entries: Arc<Vec<([u8; 32], Caller)>>,
    broken: bool,
}

fn stamp(path: &Path) -> Option<(u64, i64, i64, u64)> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.ino(), meta.mtime(), meta.mtime_nsec(), meta.len()))
}

fn entries(file: &TokenFile) -> Vec<([u8; 32], Caller)> {
    file.tokens
        .iter()
        .filter_map(|stored| {
            Some((
                unhex(&stored.sha256)?,
                Caller {
                    role: stored.role,
                    agent: stored.agent.clone(),
                    label: stored.label.clone(),
                },
            ))
        })
        .collect()
}

impl Book {
    /// Reads FILE, which must exist and parse.
    pub fn open(path: &Path) -> Result<Book> {
        if !path.is_file() {
            return Err(Error::new(
                Status::NotFound,
                "NO_TOKENS",
                format!("no tokens file at {}", path.display()),
            )
            .with_hint("make one with: parley token new FILE --agent NAME --label TEXT"));
        }
        // Absolute: the server moves into ROOT after reading it.
        let path = std::fs::canonicalize(path).map_err(|e| Error::io("read", path, e))?;
        let seen = stamp(&path);
        let file = read_file(&path)?;
        Ok(Book {
            path,
            state: Mutex::new(Loaded {
                seen,
                entries: Arc::new(entries(&file)),
                broken: false,
            }),
        })
    }

    /// How many tokens are accepted now.
    pub fn count(&self) -> usize {
        self.current().len()
    }

    fn current(&self) -> Arc<Vec<([u8; 32], Caller)>> {
        let Ok(mut state) = self.state.lock() else {
            return Arc::new(Vec::new());
        };
        let now = stamp(&self.path);
        if now != state.seen || now.is_none() {
            state.seen = now;
            match read_file(&self.path).and_then(|file| {
                if now.is_none() {
                    Err(Error::new(
                        Status::NotFound,
                        "NO_TOKENS",
                        "the tokens file is gone",
                    ))
                } else {
                    Ok(file)
                }
            }) {
                Ok(file) => {
                    state.entries = Arc::new(entries(&file));
                    state.broken = false;
                }
                Err(e) => {
                    if !state.broken {
                        // The message names the file (and the line, where known).
                        eprintln!(
                            "parley serve: {}; no token is accepted until it is repaired",
                            e.message
                        );
                    }
                    state.broken = true;
                    state.entries = Arc::new(Vec::new());
                }
            }
        }
        Arc::clone(&state.entries)
    }

    /// The caller a token stands for, if it is one of the file's. Every stored hash is
    /// compared, in constant time, whatever matches.
    pub fn find(&self, token: &str) -> Option<Caller> {
        let presented = hash(token);
        let mut found = None;
        for (stored, caller) in self.current().iter() {
            if bool::from(stored.ct_eq(&presented)) {
                found = Some(caller.clone());
            }
        }
        found
    }
}

/// The dashboard's logins: a viewer's or an admin's token logs a person in (an agent's does
/// not); the login holds while a token with the same hash, label and role is accepted.
impl crate::mcp::dashboard::auth::Tokens for Book {
    fn person(&self, token: &str) -> std::result::Result<Person, Refused> {
        match self.find(token) {
            None => Err(Refused::Unknown),
            Some(Caller {
                role: Role::Agent, ..
            }) => Err(Refused::Agent),
            Some(caller) => Ok(Person {
                label: caller.label,
                admin: caller.role == Role::Admin,
                key: hex(&hash(token)),
            }),
        }
    }

    fn holds(&self, person: &Person) -> bool {
        let role = if person.admin {
            Role::Admin
        } else {
            Role::Viewer
        };
        self.current().iter().any(|(stored, caller)| {
            hex(stored) == person.key && caller.label == person.label && caller.role == role
        })
    }
}

// The `token` applet.

/// What `parley token` is started with.
#[derive(Debug, clap::Args)]
pub struct TokenArgs {
    #[command(subcommand)]
    pub command: TokenCommand,
}

#[derive(Debug, clap::Subcommand)]
pub enum TokenCommand {
    /// Make a token, print it once, and store only its hash in FILE (created mode 0600)
    New(NewArgs),
    /// List FILE's tokens: label, role, agent, date (never a token)
    List {
        /// The tokens file
        file: PathBuf,
    },
    /// Revoke the token labelled LABEL (a running server notices at once)
    Revoke {
        /// The tokens file
        file: PathBuf,
        /// The label given to `token new`
        label: String,
    },
}

#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("role").required(true).args(["agent", "admin", "viewer"])))]
pub struct NewArgs {
    /// The tokens file (created if missing)
    pub file: PathBuf,
    /// A token that acts only as this agent
    #[arg(long, value_name = "NAME")]
    pub agent: Option<String>,
    /// A token that may do everything (resolve, the Speaker's messages, ...)
    #[arg(long)]
    pub admin: bool,
    /// A token that may only call what changes nothing
    #[arg(long)]
    pub viewer: bool,
    /// A unique name for the token, to list and revoke it by
    #[arg(long, value_name = "TEXT")]
    pub label: String,
}

/// The `token` applet, which the command line places among the registry's.
pub static APPLET: app::Applet = app::local!(
    "token",
    |path| match path {
        ["list"] => app::READS,
        _ => app::CHANGES,
    },
    "Make, list and revoke the bearer tokens of parley serve",
    TokenArgs,
    run
);

pub fn run(ctx: &Ctx, args: TokenArgs) -> Result<Outcome> {
    match args.command {
        TokenCommand::New(new) => create(ctx, new).map(Outcome::from),
        TokenCommand::List { file } => list(&file).map(Outcome::from),
        TokenCommand::Revoke { file, label } => revoke(ctx, &file, &label).map(Outcome::from),
    }
}

fn check_label(label: &str) -> Result<()> {
    if label.trim().is_empty() || label.chars().count() > 100 || label.chars().any(char::is_control)
    {
        return Err(Error::bad_input(
            "INVALID_LABEL",
            "--label takes 1 to 100 characters, none of them a control character or line break",
        ));
    }
    Ok(())
}

/// A token just made: the only time it is shown.
#[derive(Debug, Serialize)]
pub struct Created {
    token: String,
    label: String,
    role: Role,
    agent: Option<String>,
    file: PathBuf,
}

impl Reply for Created {
    fn human(&self, out: &mut Human) {
        out.line(&self.token);
        out.note(format!(
            "token '{}' ({}{}) stored as a hash in {}; it is shown only now",
            self.label,
            self.role.name(),
            self.agent
                .as_deref()
                .map(|a| format!(" {a}"))
                .unwrap_or_default(),
            self.file.display()
        ));
    }
}

fn create(ctx: &Ctx, args: NewArgs) -> Result<Created> {
    check_label(&args.label)?;
    let (role, agent) = match (&args.agent, args.admin, args.viewer) {
        (Some(agent), false, false) => {
            Name::parse_str("agent name", agent)?;
            (Role::Agent, Some(agent.clone()))
        }
        (None, true, false) => (Role::Admin, None),
        (None, false, true) => (Role::Viewer, None),
        _ => {
            return Err(Error::usage(
                "give exactly one of --agent NAME, --admin, --viewer",
            ));
        }
    };
    let token = new_token()?;
    let wait = ctx.lock_wait();
    store::with_file_locked(&args.file, &wait, "parley token new", || {
        let mut file = read_file(&args.file)?;
        if file.tokens.iter().any(|t| t.label == args.label) {
            return Err(Error::new(
                Status::AlreadyExists,
                "TOKEN_EXISTS",
                format!(
                    "a token labelled '{}' is already in {}",
                    args.label,
                    args.file.display()
                ),
            )
            .with_hint("labels are unique: choose another, or revoke the old token first"));
        }
        file.tokens.push(Stored {
            label: args.label.clone(),
            role,
            agent: agent.clone(),
            sha256: hex(&hash(&token)),
            created: ctx.clock.stamp(),
        });
        write_file(&args.file, &file)
    })?;
    Ok(Created {
        token,
        label: args.label,
        role,
        agent,
        file: args.file,
    })
}

#[derive(Debug, Serialize)]
pub struct Listed {
    tokens: Vec<ListedToken>,
}

#[derive(Debug, Serialize)]
struct ListedToken {
    label: String,
    role: Role,
    agent: Option<String>,
    created: String,
}

impl Reply for Listed {
    fn human(&self, out: &mut Human) {
        for token in &self.tokens {
            out.line(format!(
                "{}\t{}\t{}\t{}",
                token.label,
                token.role.name(),
                token.agent.as_deref().unwrap_or("-"),
                token.created
            ));
        }
        if self.tokens.is_empty() {
            out.note("no tokens");
        }
    }
}

fn list(path: &Path) -> Result<Listed> {
    if !path.exists() {
        return Err(Error::new(
            Status::NotFound,
            "NO_TOKENS",
            format!("no tokens file at {}", path.display()),
        ));
    }
    let file = read_file(path)?;
    Ok(Listed {
        tokens: file
            .tokens
            .into_iter()
            .map(|t| ListedToken {
                label: t.label,
                role: t.role,
                agent: t.agent,
                created: t.created,
            })
            .collect(),
    })
}

#[derive(Debug, Serialize)]
pub struct Revoked {
    label: String,
}

impl Reply for Revoked {
    fn human(&self, out: &mut Human) {
        out.line(format!("revoked '{}'", self.label));
    }
}

fn revoke(ctx: &Ctx, path: &Path, label: &str) -> Result<Revoked> {
    store::with_file_locked(path, &ctx.lock_wait(), "parley token revoke", || {
        let mut file = read_file(path)?;
        let before = file.tokens.len();
        file.tokens.retain(|t| t.label != label);
        if file.tokens.len() == before {
            return Err(Error::new(
                Status::NotFound,
                "NO_SUCH_TOKEN",
                format!("no token labelled '{label}' in {}", path.display()),
            )
            .with_hint("parley token list FILE shows the labels"));
        }
        write_file(path, &file)
    })?;
    Ok(Revoked {
        label: label.to_owned(),
    })
}
