//! Every request-level job refuses a scenario without its `request` section
//! with the one message of the scenario crate (`request_section_missing`).

use tierplan_request::figure::{figure_plan, FigureSeries, FigureSettings};
use tierplan_request::{MaxRateJob, RequestJob};
use tierplan_scenario::presets::{request_preset, scenario_preset};
use tierplan_scenario::validate::{request_section_missing, REQUEST_SECTION_MISSING};

#[test]
fn run_search_and_figure_name_the_missing_section_alike() {
    let none = scenario_preset("mmsys11-cost-ssd").expect("preset");
    assert!(none.request.is_none());
    let want = request_section_missing();
    assert_eq!(want.path, "request");
    assert_eq!(want.message, REQUEST_SECTION_MISSING);

    let run = RequestJob::new(none.clone()).err().expect("refused");
    assert_eq!(run, vec![want.clone()]);
    let search = MaxRateJob::new(none.clone()).err().expect("refused");
    assert_eq!(search, vec![want.clone()]);
    let figure =
        figure_plan(&none, &FigureSettings::default(), &FigureSeries::ALL).expect_err("refused");
    assert_eq!(figure, vec![(want.path.as_str(), REQUEST_SECTION_MISSING)]);

    // With the section, none of them says so.
    let with = request_preset("nossdav12-hdd-only").expect("preset");
    assert!(RequestJob::new(with.clone()).is_ok());
    assert!(MaxRateJob::new(with).is_ok());
}
