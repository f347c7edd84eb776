//! Integration tests: every test drives the real `parley` binary.

mod support;

mod applets;
