//! The kit crate's integration tests, one module per concern, in one test
//! binary (as every crate of the workspace: one compile and link).

mod flash_locality;
mod ssd_bulk_writes;
