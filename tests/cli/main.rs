//! Integration tests: every test drives the real `parley` binary.

mod support;

mod applets;
mod bad_input;
mod bounce;
mod concurrency;
mod defects;
mod flows;
mod surface;
mod waiting;
