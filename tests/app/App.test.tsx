// @vitest-environment jsdom
// The UI with the real core behind it (wasm via initSync, no worker).
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/app/App';
import { estimate, lifetime } from '../../src/shared/format';
import { testEngine } from '../helpers/engine';


async function renderApp() {
  render(<App engine={testEngine({ chunk: 5_000 })} />);
  await screen.findByTestId('app');
  await waitFor(() => expect(screen.getByTestId('run-button')).toHaveProperty('disabled', false));
}

describe('App', () => {
  it('loads the default scenario with labelled inputs and units', async () => {
    await renderApp();
    expect(screen.getByLabelText('Arrival rate λ (requests/s)')).toHaveProperty('value', '1');
    expect(screen.getByLabelText('Video length (min)')).toHaveProperty('value', '60');
    expect(screen.getByLabelText('Bitrate (KB/s)')).toHaveProperty('value', '245');
    expect(screen.getByLabelText('Duration (h)')).toHaveProperty('value', '10');
    expect(screen.getByLabelText('Architecture')).toHaveProperty('value', 'ssd_lfu_hdd');
    expect(screen.getByTestId('zipf-help').textContent).toContain('exponent is 0.271');
  });

  it('shows the core message beside an invalid field and disables Run', async () => {
    await renderApp();
    fireEvent.change(screen.getByTestId('field-run.replications'), { target: { value: '500' } });
    const msg = await screen.findByTestId('error-run.replications');
    expect(msg.textContent).toBe('500 is out of range: must be an integer from 1 to 100');
    expect(screen.getByTestId('run-button')).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByTestId('field-run.replications'), { target: { value: '3' } });
    await waitFor(() => expect(screen.getByTestId('run-button')).toHaveProperty('disabled', false));
    expect(screen.queryByTestId('error-run.replications')).toBeNull();
  });

  it('shows the bitrate message under the bitrate field typed (Mbps or KB/s), and no negative library', async () => {
    await renderApp();
    const mbps = screen.getByTestId('field-workload.classes[0].bitrate_mbps');
    fireEvent.change(mbps, { target: { value: '-1' } });
    const msg = await screen.findByTestId('error-workload.classes[0].bitrate_kbps');
    // Under the Mbps field, the one typed; none under KB/s.
    expect(mbps.closest('.field')?.contains(msg)).toBe(true);
    expect(screen.getAllByTestId('error-workload.classes[0].bitrate_kbps')).toHaveLength(1);
    expect(screen.queryByText(/Library ≈ −/)).toBeNull();
    // Typed in KB/s, the message moves there.
    const kbps = screen.getByTestId('field-workload.classes[0].bitrate_kbps');
    fireEvent.change(kbps, { target: { value: '-2' } });
    await waitFor(() => expect(kbps.closest('.field')?.contains(screen.getByTestId('error-workload.classes[0].bitrate_kbps'))).toBe(true));
  });

  it('an absurd stream count is flagged under the streams field typed, not under λ', async () => {
    await renderApp();
    const streams = screen.getByTestId('field-workload.concurrent_streams');
    fireEvent.change(streams, { target: { value: '1e9' } });
    const msg = await screen.findByTestId('error-workload.arrival_rate');
    expect(streams.closest('.field')?.contains(msg)).toBe(true);
    expect(msg.textContent).toMatch(/out of range/);
    expect(screen.getByTestId('run-button')).toHaveProperty('disabled', true);
  });

  it('warns, without blocking, on a valid but implausible stream count or library', async () => {
    await renderApp();
    // 1.5 million one-hour streams: λ ≈ 417 requests/s, inside the core's limits (2 million streams, 1000 requests/s).
    const streams = screen.getByTestId('field-workload.concurrent_streams');
    fireEvent.change(streams, { target: { value: '1500000' } });
    const w = await screen.findByTestId('warning-workload.concurrent_streams');
    expect(streams.closest('.field')?.contains(w)).toBe(true);
    expect(w.textContent).toContain('1,500,000 concurrent streams is more than 1,000,000');
    expect(screen.queryByTestId('warning-workload.arrival_rate')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('run-button')).toHaveProperty('disabled', false), { timeout: 60_000 });
    // Back to a plausible count: the warning goes.
    fireEvent.change(streams, { target: { value: '900000' } });
    await waitFor(() => expect(screen.queryByTestId('warning-workload.concurrent_streams')).toBeNull());
    // A million one-hour titles at 4 000 KB/s: 1e6 × 3600 × 4000 × 1024 B ≈ 14.7 PB (decimal).
    fireEvent.change(screen.getByTestId('field-workload.classes[0].bitrate_kbps'), { target: { value: '4000' } });
    fireEvent.change(screen.getByTestId('field-workload.videos'), { target: { value: '1000000' } });
    const lib = await screen.findByTestId('warning-workload.videos');
    expect(lib.textContent).toContain('a library of 14.75 PB is more than 10 PB');
    // 600 000 titles ≈ 8.85 PB: no warning.
    fireEvent.change(screen.getByTestId('field-workload.videos'), { target: { value: '600000' } });
    await waitFor(() => expect(screen.queryByTestId('warning-workload.videos')).toBeNull());
  });

  it('flags text that is not a number without calling it valid', async () => {
    await renderApp();
    fireEvent.change(screen.getByTestId('field-workload.videos'), { target: { value: '3.5' } });
    expect((await screen.findByTestId('error-workload.videos')).textContent).toBe('Videos in the library: a whole number ≥ 0');
    expect(screen.getByTestId('run-button')).toHaveProperty('disabled', true);
  });

  it('switches the Zipf convention and converts the value', async () => {
    await renderApp();
    fireEvent.click(screen.getByTestId('zipf-convention-theta'));
    await waitFor(() => expect(screen.getByTestId('field-workload.popularity.value')).toHaveProperty('value', '0.729'));
    expect(screen.getByTestId('zipf-exponent').textContent).toBe('0.271');
    expect(screen.getByLabelText('Zipf θ (dimensionless)')).toBeTruthy();
  });

  it('loads a preset and runs it to results with every summary metric', async () => {
    await renderApp();
    fireEvent.change(screen.getByTestId('preset-select'), { target: { value: 'mmsys11-cost-hdd' } });
    fireEvent.click(screen.getByTestId('preset-load'));
    await waitFor(() => expect(screen.getByLabelText('Architecture')).toHaveProperty('value', 'hdd_only'));
    fireEvent.change(screen.getByTestId('field-run.duration_h'), { target: { value: '1' } });
    await waitFor(() => expect(screen.getByTestId('run-button')).toHaveProperty('disabled', false));
    act(() => {
      fireEvent.click(screen.getByTestId('run-button'));
    });
    const results = await screen.findByTestId('results', {}, { timeout: 60_000 });
    for (const key of ['avg_streams', 'peak_streams', 'rejection_probability', 'hit_ratio', 'buffered_streams', 'streams_per_dollar', 'arrivals', 'rejections']) {
      expect(within(results).getByTestId(`result-${key}`).textContent).toMatch(/±/);
    }
    expect(within(results).getByTestId('result-capital_cost').textContent).toBe('$2,340.00');
    expect(within(results).getByTestId('tier-disk-stream_capacity').textContent).toBe('3,803 streams');
    expect(within(results).getByTestId('no-flash')).toBeTruthy();
    expect(screen.getByTestId('run-status').textContent).toMatch(/^Done in/);
  });
});

describe('a preset that arrives late', () => {
  /** The real engine; once started, `preset` answers only when the test lets it (a worker busy with a run). */
  async function renderWithSlowPresets() {
    const engine = testEngine({ chunk: 5_000 });
    let holding = false;
    const held: (() => void)[] = [];
    const preset: typeof engine.preset = (id) =>
      holding ? new Promise((resolve, reject) => held.push(() => void engine.preset(id).then(resolve, reject))) : engine.preset(id);
    render(<App engine={{ ...engine, preset }} />);
    await waitFor(() => expect(screen.getByTestId('run-button')).toHaveProperty('disabled', false));
    holding = true;
    return () => held.splice(0).forEach((go) => go());
  }

  it('shows that it is loading, then replaces an unedited scenario', async () => {
    const release = await renderWithSlowPresets();
    fireEvent.change(screen.getByTestId('preset-select'), { target: { value: 'mmsys11-cost-hdd' } });
    fireEvent.click(screen.getByTestId('preset-load'));
    expect(screen.getByTestId('preset-status').dataset.loading).toBe('true');
    expect(screen.getByTestId('preset-loading').textContent).toMatch(/^Loading preset /);
    act(release);
    await waitFor(() => expect(screen.getByLabelText('Architecture')).toHaveProperty('value', 'hdd_only'));
    expect(screen.getByTestId('preset-status').dataset.loading).toBe('false');
    expect(screen.getByTestId('preset-status').dataset.preset).toBe('mmsys11-cost-hdd');
    expect(screen.queryByTestId('notice')).toBeNull();
  });

  it('keeps edits made while it was on its way, and offers it', async () => {
    const release = await renderWithSlowPresets();
    // The default scenario is the MMSys'11 SSD preset: load it again, then edit before it arrives.
    fireEvent.change(screen.getByTestId('preset-select'), { target: { value: 'mmsys11-cost-ssd' } });
    fireEvent.click(screen.getByTestId('preset-load'));
    fireEvent.click(screen.getByTestId('field-workload.churn'));
    expect(screen.getByTestId('field-workload.churn')).toHaveProperty('checked', true);
    act(release);
    const notice = await screen.findByTestId('notice');
    expect(notice.textContent).toContain('your edits were kept');
    expect(screen.getByTestId('field-workload.churn')).toHaveProperty('checked', true);
    expect(screen.getByTestId('preset-status').dataset.modified).toBe('true');
    fireEvent.click(screen.getByTestId('notice-action'));
    await waitFor(() => expect(screen.getByTestId('field-workload.churn')).toHaveProperty('checked', false));
    expect(screen.getByTestId('preset-status').dataset.modified).toBe('false');
    // The edits it replaced are one Undo away, with the keyboard on it.
    expect(screen.getByTestId('notice').textContent).toContain('It replaced the plan you had');
    expect(document.activeElement).toBe(screen.getByTestId('notice-action'));
    fireEvent.click(screen.getByTestId('notice-action'));
    await waitFor(() => expect(screen.getByTestId('field-workload.churn')).toHaveProperty('checked', true));
    expect(screen.getByTestId('preset-status').dataset.modified).toBe('true');
  });
});

describe('video classes', () => {
  it('adds a class by splitting the last share, and the core checks the shares', async () => {
    await renderApp();
    fireEvent.click(screen.getByTestId('add-class'));
    await waitFor(() => expect(screen.getByTestId('field-workload.classes[1].share')).toHaveProperty('value', '0.5'));
    expect(screen.getByTestId('field-workload.classes[0].share')).toHaveProperty('value', '0.5');
    await waitFor(() => expect(screen.getByTestId('run-button')).toHaveProperty('disabled', false));
    fireEvent.change(screen.getByTestId('field-workload.classes[1].share'), { target: { value: '0.7' } });
    expect((await screen.findByTestId('error-workload.classes')).textContent).toBe('shares sum to 1.2: they must sum to 1');
    expect(screen.getByTestId('run-button')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByTestId('remove-class-1'));
    await waitFor(() => expect(screen.queryByTestId('field-workload.classes[0].share')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('run-button')).toHaveProperty('disabled', false));
  });
});

describe('time series', () => {
  it('records streams over time when asked and charts them', async () => {
    await renderApp();
    fireEvent.change(screen.getByTestId('field-run.duration_h'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('field-run.replications'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('field-run.timeseries'));
    await waitFor(() => expect(screen.getByTestId('run-button')).toHaveProperty('disabled', false));
    act(() => {
      fireEvent.click(screen.getByTestId('run-button'));
    });
    const chart = await screen.findByTestId('timeseries-chart', {}, { timeout: 60_000 });
    expect(chart.querySelectorAll('path.ts-line').length).toBeGreaterThanOrEqual(2);
    expect(chart.textContent).toContain('from the file cache');
  });
});

describe('formatting', () => {
  it('shows a lifetime in human units', () => {
    expect(lifetime(null)).toBe('no writes');
    expect(lifetime(3641)).toBe('152 days');
    expect(lifetime(24 * 365.25 * 5)).toBe('5 years');
    expect(lifetime(10)).toBe('10 hours');
  });
  it('shows mean ± CI, or the mean alone for one replication', () => {
    expect(estimate({ mean: 0.5, ci95: 0.01, min: 0.4, max: 0.6, n: 5 }, 'percent')).toBe('50% ± 1%');
    expect(estimate({ mean: 12.5, ci95: 0, min: 12.5, max: 12.5, n: 1 })).toBe('12.5');
  });
});
