import { skipToken } from '@reduxjs/toolkit/query/react';
import type {
  AdminBreedingReport,
  BreedingFit,
  BreedingFitsQuery,
  BreedingMareInput,
  BreedingReport,
  BreedingReportSettings,
  BreedingReportSummary,
  HorseBreeding,
  Page,
  StallionBreedingReports,
} from '@registry/domain';
import { queryState, serverApi, type Answer } from '../../stores/server-api';

/** The calls of the breeding reports (docs/api.md "Breeding reports"). */
const breedingApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    stallionReports: build.query<StallionBreedingReports, string>({
      query: (horseId) => `members/horses/${horseId}/breeding-reports`,
      providesTags: ['BreedingReport'],
    }),
    fileReport: build.mutation<
      Answer<BreedingReport>,
      { horseId: string; season: number; mares: BreedingMareInput[]; version?: number }
    >({
      query: ({ horseId, season, ...body }) => ({
        url: `members/horses/${horseId}/breeding-reports/${season}`,
        method: 'put',
        body,
      }),
      invalidatesTags: ['BreedingReport'],
    }),
    breedingFits: build.query<BreedingFit[], BreedingFitsQuery>({
      query: (params) => ({ url: 'breedings/fits', params }),
      providesTags: ['BreedingReport'],
    }),
    officeReports: build.query<Page<BreedingReportSummary>, Record<string, string | number>>({
      query: (params) => ({ url: 'admin/breeding-reports', params }),
      providesTags: ['BreedingReport'],
    }),
    officeReport: build.query<AdminBreedingReport, string>({
      query: (id) => `admin/breeding-reports/${id}`,
      providesTags: ['BreedingReport'],
    }),
    reviewReport: build.mutation<Answer<AdminBreedingReport>, { id: string; version: number }>({
      query: ({ id, version }) => ({
        url: `admin/breeding-reports/${id}/review`,
        method: 'put',
        body: { version },
      }),
      invalidatesTags: ['BreedingReport'],
    }),
    horseBreeding: build.query<HorseBreeding, string>({
      query: (horseId) => `admin/horses/${horseId}/breeding`,
      providesTags: ['BreedingReport', 'Horse'],
    }),
    deadlineSettings: build.query<BreedingReportSettings, void>({
      query: () => 'admin/settings/breeding-reports',
      providesTags: ['BreedingReport'],
    }),
    saveDeadline: build.mutation<Answer<BreedingReportSettings>, BreedingReportSettings>({
      query: (body) => ({ url: 'admin/settings/breeding-reports', method: 'put', body }),
      invalidatesTags: ['BreedingReport'],
    }),
  }),
});

export function useStallionReports(horseId: string | null) {
  return queryState(breedingApi.useStallionReportsQuery(horseId ?? skipToken), horseId === null);
}
export const useFileReport = () => breedingApi.useFileReportMutation()[0];

export function useBreedingFits(query: BreedingFitsQuery | null) {
  return queryState(breedingApi.useBreedingFitsQuery(query ?? skipToken), query === null);
}

export function useOfficeReports(params: Record<string, string | number>) {
  return queryState(breedingApi.useOfficeReportsQuery(params));
}
export function useOfficeReport(id: string | null) {
  return queryState(breedingApi.useOfficeReportQuery(id ?? skipToken), id === null);
}
export const useReviewReport = () => breedingApi.useReviewReportMutation()[0];

export function useHorseBreeding(horseId: string | null) {
  return queryState(breedingApi.useHorseBreedingQuery(horseId ?? skipToken), horseId === null);
}

export function useDeadlineSettings(open: boolean) {
  return queryState(breedingApi.useDeadlineSettingsQuery(open ? undefined : skipToken), !open);
}
export const useSaveDeadline = () => breedingApi.useSaveDeadlineMutation()[0];
