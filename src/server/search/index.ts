// Search: the one door the rest of the server goes through (docs/search.md). A list asks for a
// plan, adds its condition to its own query, and reads its page through readPlanned (or
// readNewestFirst); the counts ask for the index's rows of one state.
export {
  decide,
  planSearch,
  readCandidates,
  searchCondition,
  indexRows,
  withRoad,
  type SearchPlan,
  type Road,
} from './plan';
export { readPlanned } from './walk';
export { readNewestFirst } from './newest-first';
export { SEARCHED_LISTS, type SearchedList } from './searched-lists';
export { CANDIDATE_LIMIT, WALK_ROWS } from './tuning';
export { countingRoad, countUpTo } from './counting';
export { indexStopsAtLimit, statesAsked } from './candidates';
