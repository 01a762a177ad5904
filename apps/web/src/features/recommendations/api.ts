import {
  type AcceptRecommendation,
  acceptRecommendationSchema,
  acceptResultSchema,
  deleteRecommendationSchema,
  deleteResultSchema,
  generationStatusSchema,
  recommendationSchema,
  undoAcceptResultSchema,
  undoAcceptSchema,
} from '@easio/shared';
import { z } from 'zod';
import { apiRequest } from '../../api/client';

/** The recommendation calls (`/api/recommendations`), each answer checked against the shared contract. */
const BASE = '/recommendations';

export function fetchRecommendations(signal?: AbortSignal) {
  return apiRequest(`${BASE}/list_recommendations`, z.array(recommendationSchema), { signal });
}

export function fetchGenerationStatus(signal?: AbortSignal) {
  return apiRequest(`${BASE}/generation_status`, generationStatusSchema, { signal });
}

export function generateRecommendations() {
  return apiRequest(`${BASE}/generate_recommendations`, generationStatusSchema);
}

export function acceptRecommendation(input: AcceptRecommendation) {
  return apiRequest(`${BASE}/accept_recommendation`, acceptResultSchema, {
    method: 'POST',
    json: acceptRecommendationSchema.parse(input),
  });
}

export function deleteRecommendation(id: number) {
  return apiRequest(`${BASE}/delete_recommendation`, deleteResultSchema, {
    method: 'POST',
    json: deleteRecommendationSchema.parse({ id }),
  });
}

export function undoAccept(id: number) {
  return apiRequest(`${BASE}/undo_accept`, undoAcceptResultSchema, {
    method: 'POST',
    json: undoAcceptSchema.parse({ id }),
  });
}
