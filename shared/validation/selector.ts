// SELECTOR_NOT_SEMANTIC: a selector must name at least one of resource_id, text, content_desc or class_name.
// package_name and bounds only narrow a match; they never identify a control on their own.
import type { ControlSelector } from '../actions';
import { report, type CheckContext, type Path } from './report';

export function checkSelector(ctx: CheckContext, s: ControlSelector, path: Path): void {
  if (s.resource_id === null && s.text === null && s.content_desc === null && s.class_name === null) {
    report(
      ctx,
      'SELECTOR_NOT_SEMANTIC',
      path,
      'A selector needs at least one of resource_id, text, content_desc or class_name copied from the observed UI; package_name and bounds never stand alone.',
    );
  }
}
