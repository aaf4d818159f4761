//! tierplan-studies: the studies built over the engines — the optimiser
//! (model §10), request logs (§14) and the Study claims (§12). The top layer:
//! it may use every engine; nothing but the facade and the front ends use it.

pub mod characterize;
pub mod logs;
pub mod optimize;
pub mod published_servers;
pub mod reproduce;
pub mod sweep;
