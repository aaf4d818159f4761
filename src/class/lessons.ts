// The built-in lessons, drawn from the studies (MMSys'11 Figs. 9–12 and the
// cost table, the MLC wear scenario). Every `answer.expected` and every
// choice's range is checked against the core by tests/class/lessons.test.ts,
// and the app always shows the core's own number, never the stated one.
import type { FieldRef, Lesson } from './model';

const ARRIVAL: FieldRef = { path: 'workload.arrival_rate', label: 'Arrival rate λ', unit: 'requests/s', min: 0.05, max: 3, step: 0.05 };
const SKEW: FieldRef = { path: 'workload.popularity.value', label: 'Zipf exponent s', unit: '', min: 0, max: 1.5, step: 0.05 };
const VIDEOS: FieldRef = { path: 'workload.videos', label: 'Videos in the library', unit: 'videos', min: 10, max: 2000, step: 10 };
const DISKS: FieldRef = { path: 'tiers.disk.count', label: 'Disks', unit: 'devices', min: 1, max: 40, step: 1 };
const DRAM: FieldRef = { path: 'tiers.interval_cache.count', label: 'DRAM interval cache', unit: '× 1 GB', min: 0, max: 16, step: 1 };
const SSDS: FieldRef = { path: 'tiers.file_cache.count', label: 'SSDs (file-level LFU)', unit: 'devices', min: 0, max: 10, step: 1 };
/** `devices[4]` is SSD A (64 GB, 155 MB/s) in every study preset. */
const SSD_BW: FieldRef = { path: 'devices[4].read_mbps', label: 'SSD read bandwidth', unit: 'MB/s', min: 10, max: 1000, step: 5 };
const SSD_GB: FieldRef = { path: 'devices[4].capacity_gb', label: 'SSD capacity', unit: 'GB', min: 8, max: 512, step: 8 };

/** The inputs an authored step can show (those the scenario has), locked unless the teacher frees them. */
export const AUTHOR_FIELDS: FieldRef[] = [ARRIVAL, SKEW, VIDEOS, DISKS, DRAM, SSDS];

export const LESSONS: Lesson[] = [
  {
    id: 'disk-bandwidth',
    title: 'Disks run out of bandwidth before space',
    summary: 'HDD only: how many disks does one request a second need, and why Erlang B answers it.',
    notes: {
      goal: 'Students size a disk-only video server by bandwidth (streams per disk and offered load), not by capacity.',
      misconceptions: [
        'Enough disks to hold the library are enough to serve it.',
        'Zero rejections means plenty of headroom.',
        'Rejection falls in proportion to the disks added all the way down.',
      ],
      leavesOut: 'Seek and rotation (a disk is a fixed number of streams), RAID and failures, VBR video, users who retry after a rejection.',
    },
    steps: [
      {
        title: 'Two disks hold the library',
        text: 'The library is 300 one-hour videos at 245 KB/s (861 MB each, 252 GB in all). Two 146 GB disks hold it. Requests arrive once a second.',
        scenario: { preset: 'mmsys11-cost-hdd', set: { 'tiers.disk.count': 2 } },
        shown: [VIDEOS, ARRIVAL, DISKS],
        free: [],
        measure: { kind: 'run', metric: 'rejection' },
        question: { kind: 'number', prompt: 'What share of requests is rejected with two disks?', unit: '%', min: 0, max: 100, step: 1 },
        answer: { expected: 83.7, tolerance: 8, unit: '%', label: 'requests rejected' },
        explanation:
          '{answer} of requests are rejected. Each disk streams 70 MB/s ÷ 245 KB/s = 292 videos at once, so two disks carry 584 streams, while one request a second for one-hour videos offers 3 600 concurrent streams (A = λ × length).',
      },
      {
        title: 'Adding disks',
        text: 'Now the disk count goes from 2 to 14. Draw how the rejection probability falls.',
        scenario: { preset: 'mmsys11-cost-hdd' },
        shown: [VIDEOS, ARRIVAL, DISKS],
        free: [],
        measure: { kind: 'sweep', metric: 'rejection', path: 'tiers.disk.count', label: 'disks', unit: 'HDDs', values: [2, 4, 6, 8, 10, 12, 13, 14], key: { firstAtMost: 0.1 }, overlay: 'erlang-b' },
        question: { kind: 'sketch', prompt: 'Sketch the rejection probability (%) against the number of disks.', yMax: 100 },
        answer: { expected: 13, tolerance: 0, unit: 'disks', label: 'fewest disks rejecting ≤ 0.1 %' },
        explanation:
          'Every disk adds 292 streams, so rejection falls in a straight line until the disks carry nearly the whole offered load; then the Erlang B tail takes over and rejection vanishes within a disk or two (the dashed curve is B(c, A) with c = 292 × disks and A = 3 600). The first count rejecting at most 0.1 % is {answer} (the study\'s 13 HDDs), where two would hold the library.',
      },
      {
        title: 'A busier evening',
        text: 'Thirteen disks reject (almost) nothing at one request a second. Traffic grows by 20 % to 1.2 requests a second.',
        scenario: { preset: 'mmsys11-cost-hdd', set: { 'workload.arrival_rate': 1.2 } },
        shown: [VIDEOS, ARRIVAL, DISKS],
        free: ['workload.arrival_rate'],
        measure: { kind: 'run', metric: 'rejection' },
        question: {
          kind: 'choice',
          prompt: 'With 13 disks and 20 % more requests, how many requests are rejected?',
          correct: 'some',
          choices: [
            { id: 'none', text: 'Almost none: 13 disks rejected nothing, so there is room to spare', range: [0, 1] },
            { id: 'some', text: 'Around one in ten: the disks were already almost full', range: [1, 20] },
            { id: 'many', text: 'More than one in five', range: [20, 100] },
          ],
        },
        answer: { expected: 12, tolerance: 4, unit: '%', label: 'requests rejected' },
        explanation:
          '{answer} are rejected. 13 disks carry 3 796 streams; 1.2 requests a second offer 4 320. A loss system sized for zero rejections runs close to its ceiling, so extra load turns straight into rejections. Change the arrival rate and run again to see where it starts.',
      },
    ],
  },
  {
    id: 'interval-caching',
    title: 'Interval caching buys streams by the interval',
    summary: 'DRAM + HDD (Fig. 9): what doubling the buffer buys.',
    notes: {
      goal: 'Students see that an interval cache keeps the shortest gaps between streams of a video first, so each extra GB buys less.',
      misconceptions: ['Double the DRAM, double the hit ratio.', 'A cache stores popular videos (an interval cache stores gaps between streams).'],
      leavesOut: 'DRAM bandwidth (unlimited here), prefetching, VCR operations (pause, seek) that break intervals.',
    },
    steps: [
      {
        title: 'Double the DRAM',
        text: 'A 4-disk array serves one-hour videos, with requests every two seconds; a DRAM buffer caches the intervals between consecutive streams of a video.',
        scenario: { preset: 'mmsys11-fig9-dram' },
        shown: [ARRIVAL, SKEW, DRAM],
        free: [],
        measure: {
          kind: 'variants',
          metric: 'hit',
          variants: [
            { label: '2 GB DRAM', set: { 'tiers.interval_cache.count': 2 } },
            { label: '4 GB DRAM', set: { 'tiers.interval_cache.count': 4 } },
          ],
          key: { ratio: [0, 1] },
        },
        question: {
          kind: 'choice',
          prompt: 'The DRAM grows from 2 GB to 4 GB. What happens to the hit ratio?',
          correct: 'less',
          choices: [
            { id: 'double', text: 'It doubles: double the DRAM, double the hit ratio', range: [1.8, 100] },
            { id: 'less', text: 'It grows, but well short of double', range: [1.05, 1.8] },
            { id: 'same', text: 'It stays about the same: the cache was not full', range: [0, 1.05] },
          ],
        },
        answer: { expected: 1.27, tolerance: 0.12, unit: '×', label: 'hit ratio at 4 GB ÷ at 2 GB' },
        explanation:
          'The hit ratio grows {answer}. The cache keeps the smallest intervals first (streams of a video that started close together); every extra GB holds longer intervals, which cost more buffer per stream served.',
      },
      {
        title: 'The curve of Fig. 9',
        text: 'Now the buffer goes from 1 to 8 GB. Draw the streams served from the buffer.',
        scenario: { preset: 'mmsys11-fig9-dram' },
        shown: [ARRIVAL, SKEW, DRAM],
        free: ['workload.popularity.value'],
        measure: { kind: 'sweep', metric: 'cache_streams', path: 'tiers.interval_cache.count', label: 'DRAM', unit: 'GB', values: [1, 2, 4, 6, 8], key: { at: 4 } },
        question: { kind: 'sketch', prompt: 'Sketch the streams served from DRAM against the buffer size.', yMax: 300 },
        answer: { expected: 138, tolerance: 12, unit: 'streams', label: 'buffered streams at 4 GB' },
        explanation:
          'At 4 GB the buffer serves {answer}; the curve bends over as the buffer grows: each GB buys fewer streams than the one before. Change the skew and run again: more skew, more streams of the same video close together, shorter intervals.',
      },
    ],
  },
  {
    id: 'flash-capacity-bandwidth',
    title: 'Flash needs capacity and bandwidth',
    summary: 'SSD + HDD with file-level LFU (Fig. 10): which limit binds, and a hidden bandwidth to find.',
    notes: {
      goal: 'Students see that a flash tier serves the videos it holds only up to its bandwidth, and that either limit can bind.',
      misconceptions: ['Flash is fast, so a faster SSD always serves more.', 'A cache is only about capacity.'],
      leavesOut: 'Write interference while filling (the static LFU here never writes), wear, the SSD\'s internal parallelism.',
    },
    steps: [
      {
        title: 'Faster, bigger or both?',
        text: 'One 64 GB SSD (155 MB/s) holds the 76 most popular videos in front of a disk array; requests every two seconds.',
        scenario: { preset: 'mmsys11-fig10-ssd' },
        shown: [ARRIVAL, SKEW, SSDS, SSD_BW, SSD_GB],
        free: [],
        measure: {
          kind: 'variants',
          metric: 'cache_streams',
          variants: [
            { label: 'as is', set: {} },
            { label: 'twice the bandwidth', set: { 'devices[4].read_mbps': 310 } },
            { label: 'twice the capacity', set: { 'devices[4].capacity_gb': 128 } },
            { label: 'a second SSD', set: { 'tiers.file_cache.count': 2 } },
          ],
          key: 'argmax',
        },
        question: {
          kind: 'choice',
          prompt: 'Which upgrade serves the most streams from flash?',
          correct: 'both',
          choices: [
            { id: 'same', text: 'None: the SSD is fine as it is', range: [0, 0] },
            { id: 'bandwidth', text: 'Twice the bandwidth: flash is all about speed', range: [1, 1] },
            { id: 'capacity', text: 'Twice the capacity: a cache is all about size', range: [2, 2] },
            { id: 'both', text: 'A second SSD: twice the capacity and twice the bandwidth', range: [3, 3] },
          ],
        },
        answer: { expected: 3, tolerance: 0, unit: '', label: 'best variant (0 as is, 1 bandwidth, 2 capacity, 3 both)' },
        explanation:
          'As it is, the SSD serves about 600 streams, close to its ceiling of 647, and it holds only 76 of the 300 videos: both limits are near. Doubling one of them gains only a few percent, because the other binds right behind it; a second SSD doubles both and serves far more.',
      },
      {
        title: 'Mystery: the hidden bandwidth',
        text: 'This SSD is large enough to hold every video, so every request wants flash. Its read bandwidth is hidden. Run it and look at the streams flash serves.',
        scenario: { preset: 'mmsys11-fig10-ssd', set: { 'devices[4].capacity_gb': 256 } },
        shown: [ARRIVAL, SSD_GB, SSD_BW],
        free: [],
        mystery: { path: 'devices[4].read_mbps', label: 'SSD read bandwidth', unit: 'MB/s', value: 100 },
        measure: { kind: 'run', metric: 'cache_streams' },
        question: { kind: 'number', prompt: 'What is the SSD\'s read bandwidth?', unit: 'MB/s', min: 0, max: 400, step: 5 },
        answer: { expected: 416, tolerance: 6, unit: 'streams', label: 'streams served by flash' },
        explanation:
          'Flash served {answer}, while 1 800 streams were wanted: the SSD ran at its ceiling. Streams × 245 KB/s ÷ 1024 gives its bandwidth: the hidden value was {hidden}.',
      },
    ],
  },
  {
    id: 'skew',
    title: 'Skew is everything',
    summary: 'Fig. 11: the same 64 GB SSD under more or less skewed popularity.',
    notes: {
      goal: 'Students connect the Zipf exponent with the share of requests the most popular titles draw, and so with what a cache can do.',
      misconceptions: ['A cache holding a quarter of the titles serves a quarter of the requests.', 'Popularity skew is a detail.'],
      leavesOut: 'Popularity changing over time (churn), users abandoning videos early, per-segment popularity.',
    },
    steps: [
      {
        title: 'A quarter of the titles',
        text: 'The 64 GB SSD holds the 76 most popular of 300 videos; popularity is Zipf with exponent s = 0.271 (the study\'s), p_i ∝ i^(−s).',
        scenario: { preset: 'mmsys11-fig11-ssd' },
        shown: [ARRIVAL, SKEW, SSDS],
        free: [],
        measure: { kind: 'run', metric: 'hit' },
        question: { kind: 'number', prompt: 'What share of the bytes read comes from the SSD (hit ratio)?', unit: '%', min: 0, max: 100, step: 1 },
        answer: { expected: 35.8, tolerance: 6, unit: '%', label: 'hit ratio' },
        explanation: 'The SSD serves {answer} of the bytes: a quarter of the titles draws more than a quarter of the requests, but at s = 0.271 popularity is mild.',
      },
      {
        title: 'Turning the skew up',
        text: 'Now the exponent goes from 0 (every video equally popular) to 1 (strong skew).',
        scenario: { preset: 'mmsys11-fig11-ssd' },
        shown: [ARRIVAL, SKEW, SSDS],
        free: ['workload.arrival_rate'],
        measure: { kind: 'sweep', metric: 'hit', path: 'workload.popularity.value', label: 'Zipf exponent s', unit: '', values: [0, 0.25, 0.5, 0.75, 1], key: { at: 1 } },
        question: { kind: 'sketch', prompt: 'Sketch the hit ratio (%) against the Zipf exponent.', yMax: 100 },
        answer: { expected: 78.4, tolerance: 4, unit: '%', label: 'hit ratio at s = 1' },
        explanation:
          'At s = 0 the SSD serves its share of the titles (about a quarter); at s = 1 it serves {answer}. The same device is worth three times as much under a skewed workload: measure popularity before buying flash.',
      },
    ],
  },
  {
    id: 'streams-per-dollar',
    title: 'Streams per dollar',
    summary: 'The study\'s cost table: the cheapest configuration of each architecture for zero rejections at one request a second.',
    notes: {
      goal: 'Students compare architectures by streams per dollar, not by speed or capacity alone.',
      misconceptions: ['The fastest medium (DRAM) is the best buy.', 'Disks are cheapest per GB, so they are the cheapest way to serve.'],
      leavesOut: 'Energy, rack space, SSD replacement over the years (see the optimiser\'s TCO), prices other than the study\'s.',
    },
    steps: [
      {
        title: 'Three ways to serve 3 600 streams',
        text: 'Each configuration is the cheapest of its kind that rejects nothing at one request a second: 13 HDDs; 2 GB DRAM + 12 HDDs; 5 SSDs (64 GB) + 2 HDDs.',
        scenario: { preset: 'mmsys11-cost-hdd' },
        shown: [ARRIVAL, SKEW],
        free: [],
        measure: {
          kind: 'variants',
          metric: 'spd',
          variants: [
            { label: 'HDD only', set: {} },
            { label: 'DRAM + HDD', set: { architecture: 'dram_ic_hdd', 'tiers.disk.count': 12, 'tiers.interval_cache.count': 2 } },
            { label: 'SSD + HDD', set: { architecture: 'ssd_lfu_hdd', 'tiers.disk.count': 2, 'tiers.file_cache.count': 5 } },
          ],
          key: 'argmax',
        },
        question: {
          kind: 'choice',
          prompt: 'Which buys the most streams per dollar?',
          correct: 'ssd',
          choices: [
            { id: 'hdd', text: 'HDD only: disks are the cheapest storage per GB', range: [0, 0] },
            { id: 'dram', text: 'DRAM + HDD: DRAM is the fastest medium', range: [1, 1] },
            { id: 'ssd', text: 'SSD + HDD', range: [2, 2] },
          ],
        },
        answer: { expected: 2, tolerance: 0, unit: '', label: 'best variant (0 HDD, 1 DRAM, 2 SSD)' },
        explanation:
          'SSD + HDD buys the most streams per dollar: its flash carries the popular titles at 647 streams per $120 device, while a disk carries 292 streams for $180. DRAM saves only one disk for two modules.',
      },
      {
        title: 'How many per dollar?',
        text: 'The SSD configuration: 5 SSDs (64 GB, $120) and 2 HDDs ($180), $960 in all.',
        scenario: { preset: 'mmsys11-cost-ssd' },
        shown: [ARRIVAL, SKEW, DISKS, SSDS],
        free: ['tiers.file_cache.count', 'tiers.disk.count'],
        measure: { kind: 'run', metric: 'spd' },
        question: { kind: 'number', prompt: 'How many concurrent streams does each dollar buy?', unit: 'streams/$', min: 0, max: 10, step: 0.1 },
        answer: { expected: 3.56, tolerance: 0.3, unit: 'streams/$', label: 'streams per dollar' },
        explanation:
          'It buys {answer}, about 2.4 times HDD only (1.46) — the study reports 3.55. Change the counts and run again: fewer SSDs reject requests, more only add cost (the Optimiser tab searches this for you).',
      },
    ],
  },
  {
    id: 'mlc-wear',
    title: 'Interval caching must not run on MLC flash',
    summary: 'An interval cache writes every interval it caches: what that does to an MLC SSD\'s life.',
    notes: {
      goal: 'Students estimate SSD lifetime from the write rate (T = C × N / (W × WA)) and see why write-heavy caching needs SLC or a read-only flash role.',
      misconceptions: ['SSDs wear out only after many years whatever you do.', 'More capacity is the only thing that extends lifetime.', 'Flash LFU always beats interval caching (it depends on writes and on the cell type).'],
      leavesOut: 'Wear levelling details, retention errors, write amplification beyond the greedy-GC formula, the controller\'s cache.',
    },
    steps: [
      {
        title: 'How long does it last?',
        text: 'A 256 GB MLC SSD (10 000 P/E cycles) is the interval cache in front of 12 disks at one request a second. Every cached interval is written to flash.',
        scenario: { preset: 'mlc-interval-cache' },
        shown: [ARRIVAL, SKEW, DISKS],
        free: [],
        measure: { kind: 'run', metric: 'lifetime' },
        question: { kind: 'number', prompt: 'How many days until the SSD wears out?', unit: 'days', min: 0, max: 2000, step: 5 },
        answer: { expected: 65, tolerance: 15, unit: 'days', label: 'SSD lifetime' },
        explanation:
          'It lasts {answer}: the cache writes about 59 MB/s, around the clock, and small random writes on 7 % spare space give a write amplification of 7.8. Replacing a $600 SSD every two months costs more than it saves.',
      },
      {
        title: 'SLC instead',
        text: 'The same cache on the SLC Fusion-io card: 100 000 P/E cycles and 28 % spare space, but only 80 GB.',
        scenario: { preset: 'mlc-interval-cache' },
        shown: [ARRIVAL, SKEW, DISKS],
        free: [],
        measure: {
          kind: 'variants',
          metric: 'lifetime',
          variants: [
            { label: 'MLC 256 GB', set: {} },
            { label: 'SLC 80 GB', set: { 'tiers.interval_cache.device': 'slc_fusionio' } },
          ],
          key: { ratio: [0, 1] },
        },
        question: {
          kind: 'choice',
          prompt: 'How much longer does the SLC card last?',
          correct: 'some',
          choices: [
            { id: 'less', text: 'Shorter: it is less than a third of the capacity', range: [0, 1] },
            { id: 'some', text: 'Longer, but less than 5×', range: [1, 5] },
            { id: 'ten', text: 'About 10×: ten times the P/E cycles', range: [5, 20] },
            { id: 'more', text: 'Much more than 10×: more cycles and less write amplification', range: [20, 1e9] },
          ],
        },
        answer: { expected: 2, tolerance: 0.5, unit: '×', label: 'SLC lifetime ÷ MLC lifetime' },
        explanation:
          'It lasts only {answer} as long. Ten times the cycles and a write amplification of 2.5 instead of 7.8 are real gains, but the card has a third of the capacity, and its 700 MB/s lets the cache hold about five times as many streams, so it is written about five times as fast (290 MB/s instead of 59). Lifetime = capacity × cycles ÷ (write rate × WA): a busy interval cache wears any flash quickly.',
      },
    ],
  },
  {
    id: 'overprovisioning',
    title: 'Caching space against over-provisioning',
    summary: "FAST'12: how much of a flash cache should hold data, and how much should stay free for garbage collection.",
    notes: {
      goal: 'Students see that a flash cache trades hit ratio (caching space) against write cost (over-provisioning, which makes garbage collection cheaper), and that the best split depends on the write share.',
      misconceptions: [
        'Every byte of flash should cache data: spare space is wasted.',
        'Over-provisioning only matters for endurance, not for speed.',
      ],
      leavesOut: 'Wear and lifetime, the controller\'s own spare area, bursts (the model averages over a steady mix), hit ratios from a Zipf block model rather than a trace.',
    },
    steps: [
      {
        title: 'Split the 4 GB cache',
        text: 'A 4 GB SLC flash cache sits in front of a disk; 98 % of the I/Os are reads. Its space u caches data; the rest (1 − u) is over-provisioned, so garbage collection copies fewer valid pages.',
        scenario: { preset: 'fast12-overprovisioning' },
        shown: [],
        free: [],
        measure: { kind: 'cost-model', metric: 'io_cost' },
        question: { kind: 'number', prompt: 'What share of the cache should hold data (u) for the lowest mean I/O cost?', unit: '%', min: 50, max: 100, step: 1 },
        answer: { expected: 92, tolerance: 3, unit: '%', label: 'best caching share u' },
        explanation:
          'The optimum is u = {answer}: 3.68 GB caching and 0.32 GB over-provisioned. Below it, misses to the disk cost more; above it, every write forces garbage collection to copy nearly full blocks, and C(u) climbs steeply towards u = 100 %.',
      },
      {
        title: 'More writes',
        text: 'The same cache, but now 20 % of the I/Os are writes.',
        scenario: { preset: 'fast12-overprovisioning', set: { 'cost_model.params.io_r': 0.8, 'cost_model.params.io_w': 0.2 } },
        shown: [],
        free: [],
        measure: { kind: 'cost-model', metric: 'io_cost' },
        question: {
          kind: 'choice',
          prompt: 'With ten times the write share, the best caching share u…',
          correct: 'falls',
          choices: [
            { id: 'same', text: 'stays the same: over-provisioning is about endurance, not cost', range: [91.5, 92.5] },
            { id: 'falls', text: 'falls: more space is worth giving to garbage collection', range: [0, 91.5] },
            { id: 'rises', text: 'rises: more writes need more caching space', range: [92.5, 100] },
          ],
        },
        answer: { expected: 81, tolerance: 3, unit: '%', label: 'best caching share u' },
        explanation:
          'The best share falls to {answer}: each write now costs a flash page program plus its share of garbage collection, and that share grows quickly as u approaches 100 %, so the optimum gives more of the cache to over-provisioning.',
      },
    ],
  },
];

export function builtInLesson(id: string): Lesson | undefined {
  return LESSONS.find((l) => l.id === id);
}
