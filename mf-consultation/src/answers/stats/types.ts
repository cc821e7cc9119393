// The statistics and the value list as the contract gives them, under the names the statistics views use.
export type {
  AnswerListAnswer as ValuePage,
  Cell as StatsCell,
  EnsembleAnswer as StatsAnswer,
  KindStatisticsAnswer as KindStatistics,
} from '@agora/contracts/api';
