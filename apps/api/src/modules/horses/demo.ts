import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { UPLOAD_FIELDS, emptyParent } from '@registry/domain';
import { horses, type ApprovalStatus, type PaymentStatus } from '../../db/schema.js';
import { nextSequence, type RegistrationNumberFormat } from '../../numbering.js';
import { isOversized } from '../files/index.js';
import { demoPdf, demoPng } from './demo-files.js';
import { filePart } from './form-fields.js';
import { emptyForm, type ReceivedForm } from './multipart.js';
import type { HorseDeps } from './deps.js';
import { registerHorse } from './service.js';

export interface DemoOwner {
  id: string;
  memberNumber: string;
  firstName: string;
  lastName: string;
  city: string;
  state: string;
}

interface DemoHorse {
  names: [string, string, string];
  sire: string;
  dam: string;
  sex: 'Mare' | 'Gelding' | 'Stallion';
  color: string;
  foalDate: string;
  approval: ApprovalStatus;
  payment: PaymentStatus;
  rgb: [number, number, number];
}

/**
 * Per member (#: the first or second demo member): one of each state the lists and badges show.
 * One line a horse; columns apart by "|".
 */
const DEMO_TABLE = `
# | names (first, second, third choice)          | sire           | dam           | sex      | color     | foaled     | approval payment | colour of the photos
1 | Midnight Glide, Night Rack, Dark Step        | Midnight Sun   | Velvet Rose   | Mare     | Black     | 2020-04-01 | pending unpaid   | 40 40 48
1 | Silver Step, Silver Lining, Gray Ghost       | Silver Dollar  | Misty Morning | Gelding  | Gray      | 2019-05-12 | pending paid     | 150 150 160
1 | Easy Rack, Easy Going, Smooth Ride           | Midnight Sun   | Sweet Pea     | Stallion | Bay       | 2017-03-20 | approved paid    | 140 80 40
1 | Blue Ridge Lady, Ridge Runner, Mountain Mist | Blue Ridge Boy | Lady Grace    | Mare     | Blue Roan | 2021-06-02 | rejected paid    | 90 100 130
2 | Copper Penny, Lucky Penny, Copper Top        | Copper King    | Bright Penny  | Mare     | Chestnut  | 2021-02-14 | pending unpaid   | 170 90 50
2 | Golden Rhythm, Gold Rush, Sunny Rack         | Golden Boy     | Rhythm Queen  | Gelding  | Palomino  | 2018-08-30 | approved paid    | 210 180 90
2 | Tennessee Waltz, Shelby Star, Music Row      | Copper King    | Waltz Time    | Mare     | Sorrel    | 2016-09-09 | approved paid    | 180 100 60
`;

const DEMO_HORSES: DemoHorse[][] = [];
for (const line of DEMO_TABLE.trim().split('\n').slice(1)) {
  const [member, names, sire, dam, sex, color, foalDate, state, rgb] = line
    .split('|')
    .map((cell) => cell.trim());
  const [approval, payment] = (state ?? '').split(' ');
  (DEMO_HORSES[Number(member) - 1] ??= []).push({
    names: (names ?? '').split(', ') as DemoHorse['names'],
    sire: sire ?? '',
    dam: dam ?? '',
    sex: sex as DemoHorse['sex'],
    color: color ?? '',
    foalDate: foalDate ?? '',
    approval: approval as ApprovalStatus,
    payment: payment as PaymentStatus,
    rgb: (rgb ?? '').split(' ').map(Number) as DemoHorse['rgb'],
  });
}

function horseForm(owner: DemoOwner, horse: DemoHorse): Record<string, string> {
  const sire = { ...emptyParent(), name: horse.sire };
  const dam = { ...emptyParent(), name: horse.dam };
  const signature = demoPng(120, 40, [255, 255, 255]).toString('base64');
  return {
    registrationType: 'Proven',
    gaitDesignation: 'Singlefoot/Racking',
    performanceVerification: 'No',
    stateFoaledIn: owner.state,
    breed: 'Racking Horse',
    foalDate: horse.foalDate,
    breedingDate: horse.foalDate,
    bredBy: `${owner.lastName} Farm`,
    firstChoice: horse.names[0],
    secondChoice: horse.names[1],
    thirdChoice: horse.names[2],
    sex: horse.sex,
    color: horse.color,
    pattern: 'None',
    DNA: 'No',
    ownerType: 'Single',
    checkedOwnerInfo: 'true',
    ownerSignature: `data:image/png;base64,${signature}`,
    sire: JSON.stringify(sire),
    dam: JSON.stringify(dam),
    othermarkings: JSON.stringify({ face: 'Star', hindLeg: 'Left hind sock' }),
    owners: JSON.stringify([
      {
        memberNum: owner.memberNumber,
        name: `${owner.firstName} ${owner.lastName}`,
        address: '100 Barn Road',
        city: owner.city,
        state: owner.state,
        zip: '40502',
      },
    ]),
  };
}

async function addFile(
  deps: HorseDeps,
  form: ReceivedForm,
  part: string,
  name: string,
  bytes: Buffer,
) {
  const spec = filePart(part);
  if (!spec) throw new Error(`unknown demo part ${part}`);
  const staged = await deps.storage.stage(Readable.from([bytes]), spec.maxBytes);
  if (isOversized(staged)) throw new Error('demo file too large');
  form.files.push({ spec, name, size: staged.size, staged });
}

/**
 * Registers a few horses per demo member through the same service as the API, so demo data obeys
 * every rule and has real files, then moves some along the approval and payment states.
 */
export interface DemoHorseDeps extends HorseDeps {
  /** Approved demo horses draw their numbers like real approvals, so later ones follow on. */
  registrationNumbers: RegistrationNumberFormat;
}

export async function seedDemoHorses(deps: DemoHorseDeps, owners: DemoOwner[]): Promise<number> {
  let registered = 0;
  for (const [i, owner] of owners.entries()) {
    for (const horse of DEMO_HORSES[i % DEMO_HORSES.length] ?? []) {
      const form = emptyForm();
      for (const [name, value] of Object.entries(horseForm(owner, horse)))
        form.values.set(name, value);
      await addFile(
        deps,
        form,
        UPLOAD_FIELDS.registrationDocument,
        'registration-papers.pdf',
        demoPdf(`${horse.names[0]} - registration papers`),
      );
      for (const [n, shade] of [1, 0.85, 0.7, 0.55].entries()) {
        const rgb = horse.rgb.map((c) => Math.round(c * shade)) as DemoHorse['rgb'];
        await addFile(
          deps,
          form,
          UPLOAD_FIELDS.markingDocuments,
          `marking-${n + 1}.png`,
          demoPng(96, 72, rgb),
        );
      }
      const { row } = await registerHorse(deps, owner.id, form);
      registered += 1;
      const isApproved = horse.approval === 'approved';
      const now = new Date();
      const format = deps.registrationNumbers;
      const registrationNumber = isApproved
        ? format.render(await nextSequence(deps.db, format.scope(now)), now)
        : null;
      await deps.db
        .update(horses)
        .set({
          approvalStatus: horse.approval,
          paymentStatus: horse.payment,
          paymentMode: horse.payment === 'paid' ? 'Credit Card' : null,
          approvedName: isApproved ? horse.names[0] : null,
          registrationNumber,
        })
        .where(eq(horses.id, row.id));
    }
  }
  return registered;
}
