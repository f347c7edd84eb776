//! The commands: one module per applet, each opening a [`desk::Desk`] (or a shared lock, for
//! a check) and deciding on the rules below; [`desk`], [`handover`] and [`on_issue`] hold
//! what several of them do.

pub mod desk;
pub mod handover;
pub mod on_issue;

pub mod agree;
pub mod audit_template;
pub mod check;
pub mod duplicate;
pub mod end_analysis;
pub mod escalate;
pub mod file_draft_issue;
pub mod finish;
pub mod hand_off;
pub mod init;
pub mod new_issue;
pub mod note;
pub mod poll;
pub mod position;
pub mod register;
pub mod reopen;
pub mod resolve;
pub mod sign_off;
pub mod wait_for_start;
pub mod write_document;
