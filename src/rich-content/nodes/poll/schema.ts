/**
 * POLL's data block (SPEC §3 "Poll"). Defaults follow SPEC §9: view permission CREATOR, vote
 * permission SITE_MEMBERS, layout LIST and direction LTR. The answers' bound is the node's own
 * (`limits.ts`), shared with the insert dialog.
 */
import { z } from 'zod';
import {
  ColorSchema,
  MediaSchema,
  OptionalContainerSchema,
  TEXT_DIRECTIONS,
} from '../../model/shared';
import { POLL_OPTIONS_MAX } from './limits';

export const POLL_VIEW_PERMISSIONS = ['CREATOR', 'VOTERS', 'EVERYONE'] as const;
export const POLL_VOTE_PERMISSIONS = ['SITE_MEMBERS', 'ALL'] as const;
export const POLL_LAYOUT_TYPES = ['LIST', 'GRID'] as const;
export const POLL_BACKGROUND_TYPES = ['COLOR', 'IMAGE', 'GRADIENT'] as const;

export const PollOptionSchema = z.object({
  id: z.string().optional(),
  title: z.string().optional(),
  image: MediaSchema.optional(),
});
export type PollOption = z.infer<typeof PollOptionSchema>;

export const PollSettingsSchema = z.object({
  permissions: z
    .object({
      /** Who sees the results. */
      view: z.enum(POLL_VIEW_PERMISSIONS).default('CREATOR'),
      /** Who may vote. */
      vote: z.enum(POLL_VOTE_PERMISSIONS).default('SITE_MEMBERS'),
      allowMultipleVotes: z.boolean().optional(),
    })
    .prefault({}),
  showVoters: z.boolean().optional(),
  showVotesCount: z.boolean().optional(),
});
export type PollSettings = z.infer<typeof PollSettingsSchema>;

export const PollSchema = z.object({
  id: z.string().optional(),
  title: z.string().optional(),
  creatorId: z.string().optional(),
  image: MediaSchema.optional(),
  options: z.array(PollOptionSchema).max(POLL_OPTIONS_MAX).default([]),
  settings: PollSettingsSchema.prefault({}),
});

export const PollLayoutSchema = z.object({
  poll: z
    .object({
      type: z.enum(POLL_LAYOUT_TYPES).default('LIST'),
      direction: z.enum(TEXT_DIRECTIONS).default('LTR'),
      enableImage: z.boolean().optional(),
    })
    .prefault({}),
  options: z.object({ enableImage: z.boolean().optional() }).optional(),
});

export const PollDesignSchema = z.object({
  poll: z
    .object({
      background: z
        .object({
          type: z.enum(POLL_BACKGROUND_TYPES),
          color: ColorSchema.optional(),
          image: MediaSchema.optional(),
          gradient: z
            .object({
              angle: z.number().optional(),
              startColor: ColorSchema.optional(),
              lastColor: ColorSchema.optional(),
            })
            .optional(),
        })
        .optional(),
      borderRadius: z.number().nonnegative().optional(),
    })
    .optional(),
  options: z.object({ borderRadius: z.number().nonnegative().optional() }).optional(),
});

export const PollDataSchema = z.object({
  containerData: OptionalContainerSchema,
  poll: PollSchema.prefault({}),
  layout: PollLayoutSchema.prefault({}),
  design: PollDesignSchema.optional(),
});
export type PollData = z.infer<typeof PollDataSchema>;
