//! Integration tests: every test drives the real `parley` binary.

mod support;

mod applets;
mod bad_input;
mod concurrency;
mod defects;
mod flows;
mod parliament;
mod surface;
mod waiting;
