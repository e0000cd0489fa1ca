import type { Language } from '#shared/languages';

/**
 * Demo articles for a fresh install (SEED_DEMO). Real markdown, spread over
 * recent months; `image_url` stays null so the site's default image shows.
 * The text here is English; several articles also exist in Portuguese and
 * German (demo-articles.pt.ts, demo-articles.de.ts), others only in English,
 * so both translated pages and the "only available in" note show.
 */
export type DemoArticle = {
  /** The language the article was written in (English unless said). */
  source_language?: Language;
  title: string;
  slug: string;
  category: 'ai-innovation' | 'robotics' | 'partnership' | 'research';
  excerpt: string;
  content: string;
  /** How long before the seeding moment the article was published. */
  daysAgo: number;
};

export const DEMO_ARTICLES: DemoArticle[] = [
  {
    title: 'Vision-guided bin picking reaches 99.2% first-pick success',
    slug: 'vision-guided-bin-picking',
    category: 'robotics',
    daysAgo: 4,
    excerpt:
      'Our new grasp-planning model lets a standard six-axis arm pick mixed metal parts from unsorted bins, with no fixtures and no per-part teaching.',
    content: `## The problem with bins

Random bin picking has been a stubborn problem in machining cells for two decades. Parts arrive tangled, reflective and partly hidden, and a classic vision system needs a CAD model and hours of tuning for every new part number.

## What changed

Our grasp planner combines a depth camera with a model trained on **synthetic scenes**: millions of rendered bins with physically simulated part poses. On the shop floor it proposes grasp candidates in under 180 ms and ranks them by how likely the part is to come out cleanly.

Results after eight weeks in a customer's turning cell:

- **99.2%** first-pick success on 14 part families
- cycle time of 6.1 s per part, including re-grasp when needed
- new part numbers added from a CAD file in about 20 minutes

## What comes next

We are extending the planner to soft and deformable packaging. If you run a cell where operators still feed machines by hand, [tell us about it](/contact).`,
  },
  {
    title: 'Predictive maintenance that explains itself',
    slug: 'predictive-maintenance-that-explains-itself',
    category: 'ai-innovation',
    daysAgo: 11,
    excerpt:
      'Maintenance teams ignore alarms they cannot understand. Our latest release pairs every anomaly score with the signals and the history behind it.',
    content: `## Why black-box alerts fail

A vibration model that flags a pump as "87% likely to fail" is not enough. Technicians want to know *why*, and planners want to know *when*. Without that, alarms get muted within weeks.

## Explanations built in

Version 3 of our condition-monitoring software attaches three things to every alert:

1. The **sensor channels** that moved the score the most, with their recent trend
2. **Similar past events** from the same asset class and how they ended
3. A **remaining-useful-life range**, not a single date

All of it runs on an edge gateway next to the machine; only summaries leave the plant.

## In practice

At a packaging plant in northern Portugal, the first month surfaced a failing gearbox bearing six weeks before the scheduled inspection. The maintenance lead's verdict: "For the first time I could show the planner *why* we needed the downtime."

Read more about our approach on the [news page](/news) or [book a demo](/contact).`,
  },
  {
    title: 'Partnership with a Tier-1 automotive supplier for weld inspection',
    slug: 'automotive-weld-inspection-partnership',
    category: 'partnership',
    daysAgo: 23,
    excerpt:
      'We are joining forces with a leading automotive supplier to bring inline, AI-based inspection to more than 40 robotic welding stations.',
    content: `## The partnership

We have signed a three-year agreement with a Tier-1 supplier of body-in-white assemblies. Together we will deploy inline weld-seam inspection on **more than 40 robotic welding stations** across two plants.

## Scope

- High-speed laser profilometers mounted on the welding robots
- Our seam-analysis models running on industrial PCs at each station
- Results written back to the line's MES over [OPC UA](https://opcfoundation.org/about/opc-technologies/opc-ua/)

Defects such as porosity, undercut and missing seams are flagged before the part leaves the station, instead of at the end-of-line audit.

## Why it matters

Catching a bad weld at the station costs seconds. Catching it after painting costs hours, and catching it at the customer costs far more. The first station goes live next quarter.`,
  },
  {
    title: 'Digital twins for brownfield lines: a field guide',
    slug: 'digital-twins-for-brownfield-lines',
    category: 'research',
    daysAgo: 37,
    excerpt:
      'Most factories are not new. This guide shares what we learned building useful digital twins for lines that are twenty years old.',
    content: `## Start from the data you have

A digital twin does not need a perfect 3D model. For most brownfield lines the valuable part is a **process model** fed by signals the PLCs already produce.

## Our five-step method

1. **Inventory** the existing signals: PLC tags, drive data, quality records
2. **Connect** them through a read-only gateway; never write to legacy controllers on day one
3. **Model** the bottleneck station first, not the whole line
4. **Validate** the model against a week of real production
5. **Extend** station by station, driven by questions from operations

## Lessons learned

- Timestamps lie. Clock drift between PLCs of different generations was our most common source of error.
- Operators know the line better than any model. Their logbooks were often the best training labels.
- A twin that answers one question well beats a dashboard that answers fifty badly.

The background is explained in [Wikipedia's article on digital twins](https://en.wikipedia.org/wiki/Digital_twin).`,
  },
  {
    title: 'Collaborative robots in small-batch assembly: six months in',
    slug: 'cobots-small-batch-assembly',
    category: 'robotics',
    daysAgo: 52,
    excerpt:
      'A furniture-hardware maker now runs 60 product variants through one cobot cell. Here is what worked and what we would do differently.',
    content: `## The cell

One collaborative arm, a screwdriving spindle, a camera and a tablet. The cell assembles hinge sub-assemblies in batches as small as **twelve pieces**, working next to two operators without fencing.

## What worked

- **Recipe-driven changeovers**: operators pick the variant on the tablet; the program, torque limits and vision checks follow automatically
- **Force-limited motion** certified against [ISO/TS 15066](https://www.iso.org/standard/62996.html) guidance for power and force limiting
- Quality checks by camera after every screw, so a stripped thread is caught at once

## What we would change

- Plan for **cable management** from the start; it caused half of our early stops
- Give operators a way to teach new screw positions themselves, instead of calling an integrator

## The numbers

Changeover time fell from 25 minutes to under 3, and the cell now covers **60 variants**. The operators asked for a second one.`,
  },
  {
    title: 'Language models on the shop floor: assistants that read the manual',
    slug: 'language-models-on-the-shop-floor',
    category: 'ai-innovation',
    daysAgo: 68,
    excerpt:
      "We built a maintenance assistant that answers in the technician's language, cites the manual page, and runs without sending data to the cloud.",
    content: `## The idea

Technicians spend a surprising amount of time searching PDFs. Our assistant answers questions such as *"What is the torque for the spindle clamp on line 3?"* and cites the exact manual page it used.

## How it works

- Manuals, work instructions and past tickets are indexed locally
- A compact language model runs on a server inside the plant
- Every answer links to its **sources**; if none is found, the assistant says so instead of guessing

## Guardrails

- Read-only: it never changes machine parameters
- Answers in English, Portuguese and German, whatever language the manual was written in
- All questions are logged for the maintenance lead to review

## Early results

In a pilot with 18 technicians, the median time to find a procedure dropped from **11 minutes to under 2**. [Contact us](/contact) if you would like to run a pilot on your own documentation.`,
  },
  {
    // Written in Portuguese first (demo-articles.pt.ts); this is its English version.
    source_language: 'pt',
    title: 'Joint research programme on sustainable automation with a Portuguese university',
    slug: 'sustainable-automation-research-programme',
    category: 'partnership',
    daysAgo: 85,
    excerpt:
      'A two-year programme will measure and cut the energy use of robotic cells, from motion planning to compressed air.',
    content: `## A shared goal

Robotic cells are efficient at making parts but rarely efficient with energy. Together with a university engineering faculty in Portugal, we are launching a two-year research programme on **energy-aware automation**.

## Research tracks

1. **Energy-optimal motion planning**: trajectories that keep cycle time while cutting peak power
2. **Compressed-air leak detection** from acoustic and flow data
3. **Idle-state management**: putting robots, drives and conveyors to sleep between batches

## Open results

Findings will be published as open papers, and the measurement datasets will be released to other researchers. Two PhD students and three of our engineers will work on site at partner plants.

## Get involved

Manufacturers who want to host measurements can [reach our research team](/contact).`,
  },
  {
    title: 'Connecting legacy PLCs to modern AI without a rip-and-replace',
    slug: 'legacy-plc-integration',
    category: 'research',
    daysAgo: 110,
    excerpt:
      'Replacing controllers is expensive and risky. Our integration layer lets twenty-year-old PLCs feed modern analytics safely.',
    content: `## The integration gap

Many plants run controllers that predate Ethernet on the shop floor. They work, they are certified, and nobody wants to touch them. Yet the data inside them is exactly what AI models need.

## Our integration layer

- **Protocol adapters** for serial and fieldbus protocols of older controller families
- A **read-only by default** policy, with writes only through explicitly approved tags
- Local buffering so a network outage never loses data
- Standard outputs: MQTT and [OPC UA](https://opcfoundation.org/about/opc-technologies/opc-ua/)

## Security first

Every gateway is hardened, signed and managed centrally. Traffic between the cell network and the plant network passes through a single, audited path.

## Where it is used

The same layer now feeds our predictive maintenance, vision inspection and digital twin projects. It is the quiet foundation beneath the headline results you read about on our [news page](/news).`,
  },
];
