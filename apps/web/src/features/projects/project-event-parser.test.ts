import { describe, expect, it } from 'vitest';
import { parseProjectEvent } from './project-event-parser.ts';

describe('parseProjectEvent', () => {
  it('reads a live event that matches the shared contract', () => {
    expect(parseProjectEvent('{"type":"project.renamed","projectId":"p1","name":"Oak"}')).toEqual({
      type: 'project.renamed',
      projectId: 'p1',
      name: 'Oak',
    });
  });

  it('drops what is not JSON or not a project event', () => {
    expect(parseProjectEvent('not json')).toBeNull();
    expect(parseProjectEvent('{"type":"project.renamed","projectId":"p1"}')).toBeNull();
    expect(parseProjectEvent('{"type":"unknown","projectId":"p1"}')).toBeNull();
  });
});
