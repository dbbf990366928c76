export { StatisticPage } from './statistic-page';
export { StatisticsPage } from './statistics-page';
