/**
 * Data blocks of the interactive nodes (SPEC §3): POLL, BUTTON, APP_EMBED and MAP. Defaults
 * follow SPEC §9: poll view permission CREATOR, vote permission SITE_MEMBERS, poll layout LIST
 * and direction LTR, map type ROADMAP.
 */
import { z } from 'zod';
import { POLL_OPTIONS_MAX } from '../nodes/poll/limits';
import { ColorSchema, ContainerDataSchema, LinkSchema, MediaSchema } from './shared';

const container = ContainerDataSchema.optional();

export const POLL_VIEW_PERMISSIONS = ['CREATOR', 'VOTERS', 'EVERYONE'] as const;
export const POLL_VOTE_PERMISSIONS = ['SITE_MEMBERS', 'ALL'] as const;
export const POLL_LAYOUT_TYPES = ['LIST', 'GRID'] as const;
export const TEXT_DIRECTIONS = ['LTR', 'RTL'] as const;
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
  containerData: container,
  poll: PollSchema.prefault({}),
  layout: PollLayoutSchema.prefault({}),
  design: PollDesignSchema.optional(),
});
export type PollData = z.infer<typeof PollDataSchema>;

export const BUTTON_TYPES = ['LINK', 'ACTION'] as const;

export const ButtonDataSchema = z.object({
  containerData: container,
  type: z.enum(BUTTON_TYPES),
  styles: z
    .object({
      border: z
        .object({
          width: z.number().nonnegative().optional(),
          radius: z.number().nonnegative().optional(),
        })
        .optional(),
      colors: z
        .object({
          text: ColorSchema.optional(),
          border: ColorSchema.optional(),
          background: ColorSchema.optional(),
        })
        .optional(),
    })
    .optional(),
  text: z.string().optional(),
  link: LinkSchema.optional(),
});
export type ButtonData = z.infer<typeof ButtonDataSchema>;

export const APP_TYPES = ['PRODUCT', 'EVENT', 'BOOKING'] as const;

export const AppEmbedDataSchema = z.object({
  containerData: container,
  type: z.enum(APP_TYPES),
  itemId: z.string().optional(),
  name: z.string().optional(),
  imageSrc: z.string().optional(),
  url: z.string().optional(),
  image: MediaSchema.optional(),
  bookingData: z.object({ durations: z.string().optional() }).optional(),
  eventData: z
    .object({ scheduling: z.string().optional(), location: z.string().optional() })
    .optional(),
});
export type AppEmbedData = z.infer<typeof AppEmbedDataSchema>;

/** Map types; 'SATELITE' is spelled as SPEC §3 and the Ricos format spell it. */
export const MAP_TYPES = ['ROADMAP', 'SATELITE', 'HYBRID', 'TERRAIN'] as const;

export const MapSettingsSchema = z.object({
  address: z.string().optional(),
  draggable: z.boolean().optional(),
  marker: z.boolean().optional(),
  streetViewControl: z.boolean().optional(),
  zoomControl: z.boolean().optional(),
  lat: z.number().min(-90).max(90).optional(),
  lng: z.number().min(-180).max(180).optional(),
  locationName: z.string().optional(),
  viewModeControl: z.boolean().optional(),
  initialZoom: z.number().int().min(0).max(22).optional(),
  mapType: z.enum(MAP_TYPES).default('ROADMAP'),
});
export type MapSettings = z.infer<typeof MapSettingsSchema>;

export const MapDataSchema = z.object({
  containerData: container,
  mapSettings: MapSettingsSchema.prefault({}),
});
export type MapData = z.infer<typeof MapDataSchema>;
