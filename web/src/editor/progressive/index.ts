export { isProgressiveStep, opensProgressively, ProgressiveOpen } from './progressiveOpen';
export { completingFirst } from './completingFirst';
