//! The request crate's integration tests, one module per concern, in one
//! test binary: one compile and link of the workspace's test code instead
//! of one per file, and one pool of test threads over all of them.

mod present_day_disks;
mod request_caches;
mod request_crn;
mod request_figure;
mod request_figure_step;
mod request_figure_zero;
mod request_nic;
mod request_queueing;
mod request_robustness;
mod request_saturation;
mod request_section_missing;
mod request_ssd_queue;
mod request_study;
mod request_support;
mod set_orders_libcachesim;
mod today_edge;
