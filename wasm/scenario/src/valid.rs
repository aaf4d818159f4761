//! A scenario that passed validation, as a type: [`crate::validate`] is the
//! only way to make a [`ValidScenario`], so a function that takes one needs
//! no check of its own and has nothing to `expect`. The references the
//! checks proved are resolved here, once: the device of each tier in use
//! and, for the request study, its disk (with its timing) and flash cache.
//!
//! A scenario derived from a valid one (one replication of it, the same
//! configuration at other counts or another rate) is either valid by
//! construction ([`ValidScenario::one_replication`]) or re-validated by
//! [`ValidScenario::derive`], which returns a `Result` like `validate`.

use crate::validate::FieldError;
use crate::*;
use serde::Serialize;
use std::ops::Deref;

/// A validated scenario. Reads as a [`Scenario`] (it derefs to one) but
/// cannot be changed in place: a change goes through [`Self::derive`].
#[derive(Debug, Clone, PartialEq)]
pub struct ValidScenario {
    scenario: Scenario,
    /// Index in `scenario.devices` of the disk tier's device.
    disk: usize,
    /// … of the file cache's device, when the architecture has one.
    file_cache: Option<usize>,
    /// … of the interval cache's device, when the architecture has one.
    interval_cache: Option<usize>,
    #[cfg(feature = "studies")]
    request: Option<RequestDevices>,
}

/// The request study's resolved devices.
#[cfg(feature = "studies")]
#[derive(Debug, Clone, PartialEq)]
struct RequestDevices {
    disk: usize,
    hdd: HddMechanics,
    /// The flash cache's device, when a policy uses it.
    flash: Option<usize>,
}

/// The request study of a valid scenario, its references resolved.
#[cfg(feature = "studies")]
#[derive(Debug, Clone, Copy)]
pub struct ValidRequest<'a> {
    pub spec: &'a request::RequestSpec,
    pub disk: &'a Device,
    /// The disk's timing (the checks require it of the request study's disk).
    pub hdd: HddMechanics,
    /// The flash cache's device and its flash, when the policy uses one.
    pub flash: Option<(&'a Device, &'a FlashSpec)>,
}

fn index_of(s: &Scenario, id: &str) -> Option<usize> {
    s.devices.iter().position(|d| d.id == id)
}

impl ValidScenario {
    /// Resolve the references of a scenario the checks passed. `None` only
    /// if the checks and this resolution disagree (a bug, reported by
    /// `validate` as an error on the field, never a panic).
    pub(crate) fn resolve(scenario: Scenario) -> Result<ValidScenario, Vec<FieldError>> {
        let missing = |path: &str| {
            vec![FieldError {
                path: path.into(),
                message: "could not be resolved after validation (please report this)".into(),
            }]
        };
        let disk = index_of(&scenario, &scenario.tiers.disk.device)
            .ok_or_else(|| missing("tiers.disk.device"))?;
        let file_cache = match &scenario.tiers.file_cache {
            Some(t) if scenario.architecture.has_file_cache() => Some(
                index_of(&scenario, &t.device).ok_or_else(|| missing("tiers.file_cache.device"))?,
            ),
            _ => None,
        };
        let interval_cache = match &scenario.tiers.interval_cache {
            Some(t) if scenario.architecture.interval_cache_kind().is_some() => Some(
                index_of(&scenario, &t.device)
                    .ok_or_else(|| missing("tiers.interval_cache.device"))?,
            ),
            _ => None,
        };
        #[cfg(feature = "studies")]
        let request = match &scenario.request {
            None => None,
            Some(r) => {
                let disk = index_of(&scenario, &r.layout.disk)
                    .ok_or_else(|| missing("request.layout.disk"))?;
                let hdd = scenario.devices[disk]
                    .hdd
                    .ok_or_else(|| missing("request.layout.disk"))?;
                let flash = if r.cache.policy == request::CachePolicyKind::None {
                    None
                } else {
                    let i = index_of(&scenario, &r.cache.flash_device)
                        .filter(|&i| scenario.devices[i].flash.is_some())
                        .ok_or_else(|| missing("request.cache.flash_device"))?;
                    Some(i)
                };
                Some(RequestDevices { disk, hdd, flash })
            }
        };
        Ok(ValidScenario {
            scenario,
            disk,
            file_cache,
            interval_cache,
            #[cfg(feature = "studies")]
            request,
        })
    }

    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    pub fn into_scenario(self) -> Scenario {
        self.scenario
    }

    /// The disk tier and its device.
    pub fn disk(&self) -> (&TierSpec, &Device) {
        (&self.scenario.tiers.disk, &self.scenario.devices[self.disk])
    }

    /// The file cache (LFU) tier and its device, when the architecture has one.
    pub fn file_cache(&self) -> Option<(&TierSpec, &Device)> {
        let t = self.scenario.tiers.file_cache.as_ref()?;
        self.file_cache.map(|i| (t, &self.scenario.devices[i]))
    }

    /// The interval-cache tier and its device, when the architecture has one.
    pub fn interval_cache(&self) -> Option<(&TierSpec, &Device)> {
        let t = self.scenario.tiers.interval_cache.as_ref()?;
        self.interval_cache.map(|i| (t, &self.scenario.devices[i]))
    }

    /// The tiers the architecture uses, as [`Scenario::tiers_in_use`], each
    /// with its device.
    pub fn tiers_in_use(&self) -> impl Iterator<Item = (TierRole, &TierSpec, &Device)> {
        let (t, d) = self.disk();
        std::iter::once((TierRole::Disk, t, d))
            .chain(self.file_cache().map(|(t, d)| (TierRole::FileCache, t, d)))
            .chain(
                self.interval_cache()
                    .map(|(t, d)| (TierRole::IntervalCache, t, d)),
            )
    }

    /// The request study, its devices resolved; `None` when the scenario
    /// has no `request` section.
    #[cfg(feature = "studies")]
    pub fn request(&self) -> Option<ValidRequest<'_>> {
        let r = self.request.as_ref()?;
        let spec = self.scenario.request.as_ref()?;
        Some(ValidRequest {
            spec,
            disk: &self.scenario.devices[r.disk],
            hdd: r.hdd,
            flash: r.flash.and_then(|i| {
                let d = &self.scenario.devices[i];
                d.flash.as_ref().map(|f| (d, f))
            }),
        })
    }

    /// Replication `seed` run on its own: valid by construction, as the
    /// seed takes any value, one replication is within range, fewer events
    /// than the whole run keep it within the budget, and without a target
    /// no minimum of replications applies.
    pub fn one_replication(&self, seed: u32) -> ValidScenario {
        let mut one = self.clone();
        one.scenario.run.seed = seed;
        one.scenario.run.replications = 1;
        // One replication decides nothing: the target is the merge's.
        one.scenario.run.target_rejection = None;
        one
    }
}

impl Deref for ValidScenario {
    type Target = Scenario;
    fn deref(&self) -> &Scenario {
        &self.scenario
    }
}

impl AsRef<Scenario> for ValidScenario {
    fn as_ref(&self) -> &Scenario {
        &self.scenario
    }
}

/// Written as the scenario it is: read back, it is validated again.
impl Serialize for ValidScenario {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.scenario.serialize(serializer)
    }
}

/// A catalog device that passed [`crate::validate::validate_device`] on its
/// own (as a characterisation outside a scenario needs it).
#[derive(Debug, Clone, PartialEq)]
pub struct ValidDevice(pub(crate) Device);

impl ValidDevice {
    pub fn into_device(self) -> Device {
        self.0
    }
}

impl Deref for ValidDevice {
    type Target = Device;
    fn deref(&self) -> &Device {
        &self.0
    }
}
