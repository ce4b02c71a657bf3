import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { UPLOAD_FIELDS, emptyParent } from '@registry/domain';
import { horses, type ApprovalStatus, type PaymentStatus } from '../../db/schema.js';
import { nextSequence, type RegistrationNumberFormat } from '../../numbering.js';
import { isOversized } from '../files/storage.js';
import { demoPdf, demoPng } from './demo-files.js';
import { filePart } from './form-fields.js';
import { emptyForm, type ReceivedForm } from './multipart.js';
import { registerHorse, type HorseDeps } from './service.js';

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

/** Per member: one of each state the lists and badges show. */
const DEMO_HORSES: DemoHorse[][] = [
  [
    {
      names: ['Midnight Glide', 'Night Rack', 'Dark Step'],
      sire: 'Midnight Sun',
      dam: 'Velvet Rose',
      sex: 'Mare',
      color: 'Black',
      foalDate: '2020-04-01',
      approval: 'pending',
      payment: 'unpaid',
      rgb: [40, 40, 48],
    },
    {
      names: ['Silver Step', 'Silver Lining', 'Gray Ghost'],
      sire: 'Silver Dollar',
      dam: 'Misty Morning',
      sex: 'Gelding',
      color: 'Gray',
      foalDate: '2019-05-12',
      approval: 'pending',
      payment: 'paid',
      rgb: [150, 150, 160],
    },
    {
      names: ['Easy Rack', 'Easy Going', 'Smooth Ride'],
      sire: 'Midnight Sun',
      dam: 'Sweet Pea',
      sex: 'Stallion',
      color: 'Bay',
      foalDate: '2017-03-20',
      approval: 'approved',
      payment: 'paid',
      rgb: [140, 80, 40],
    },
    {
      names: ['Blue Ridge Lady', 'Ridge Runner', 'Mountain Mist'],
      sire: 'Blue Ridge Boy',
      dam: 'Lady Grace',
      sex: 'Mare',
      color: 'Blue Roan',
      foalDate: '2021-06-02',
      approval: 'rejected',
      payment: 'paid',
      rgb: [90, 100, 130],
    },
  ],
  [
    {
      names: ['Copper Penny', 'Lucky Penny', 'Copper Top'],
      sire: 'Copper King',
      dam: 'Bright Penny',
      sex: 'Mare',
      color: 'Chestnut',
      foalDate: '2021-02-14',
      approval: 'pending',
      payment: 'unpaid',
      rgb: [170, 90, 50],
    },
    {
      names: ['Golden Rhythm', 'Gold Rush', 'Sunny Rack'],
      sire: 'Golden Boy',
      dam: 'Rhythm Queen',
      sex: 'Gelding',
      color: 'Palomino',
      foalDate: '2018-08-30',
      approval: 'approved',
      payment: 'paid',
      rgb: [210, 180, 90],
    },
    {
      names: ['Tennessee Waltz', 'Shelby Star', 'Music Row'],
      sire: 'Copper King',
      dam: 'Waltz Time',
      sex: 'Mare',
      color: 'Sorrel',
      foalDate: '2016-09-09',
      approval: 'approved',
      payment: 'paid',
      rgb: [180, 100, 60],
    },
  ],
];

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
