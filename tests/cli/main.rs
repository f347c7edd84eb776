//! Integration tests: every test drives the real `parley` binary.

mod support;

mod agent_status;
mod applets;
mod bad_input;
mod bounce;
mod concurrency;
mod crash;
mod dashboard;
mod defects;
mod duplicates;
mod feedback;
mod flows;
mod fuzz;
mod man;
mod mcp;
mod news;
mod operative;
mod parliament;
mod parsers;
mod perf;
mod reference;
mod remote;
mod rules;
mod serve;
mod signoff;
mod skill;
mod surface;
mod tools;
mod views;
mod waiting;
mod wake;
