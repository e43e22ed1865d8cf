/**
 * Which flags a change touched (the keys of `CONFIGURATION_CHANGED`): flags added, removed or changed, and
 * flags whose rules use a segment that changed.
 */
import type { EvaluationData } from '@flagplane/evaluation';

export function changedFlagKeys(before: EvaluationData, after: EvaluationData): string[] {
  const segments = (data: EvaluationData) =>
    new Map(data.segments.map((segment) => [segment.id, JSON.stringify(segment)]));
  const [segmentsBefore, segmentsAfter] = [segments(before), segments(after)];
  const changedSegments = new Set(
    [...new Set([...segmentsBefore.keys(), ...segmentsAfter.keys()])].filter(
      (id) => segmentsBefore.get(id) !== segmentsAfter.get(id),
    ),
  );
  const flags = (data: EvaluationData) => new Map(data.flags.map((flag) => [flag.key, flag]));
  const [flagsBefore, flagsAfter] = [flags(before), flags(after)];
  const usesChangedSegment = (flag: EvaluationData['flags'][number] | undefined) =>
    flag?.configuration.rules.some(
      (rule) => rule.userSegmentId !== null && changedSegments.has(rule.userSegmentId),
    ) ?? false;
  return [...new Set([...flagsBefore.keys(), ...flagsAfter.keys()])]
    .filter((key) => {
      const [old, now] = [flagsBefore.get(key), flagsAfter.get(key)];
      return (
        JSON.stringify(old) !== JSON.stringify(now) || usesChangedSegment(old) || usesChangedSegment(now)
      );
    })
    .sort();
}
