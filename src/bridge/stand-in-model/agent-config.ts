/**
 * How each agent is pointed at the stand-in model: a custom provider in its agent folder (pi and
 * atomic read `models.json`, oh-my-pi `models.yml`, as their docs on custom providers say) and
 * the flags that choose it. Node only.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STAND_IN_CONTEXT_WINDOW, STAND_IN_MODEL, STAND_IN_PROVIDER, STAND_IN_THINKER } from './server.js';

/** The agents' families, as far as their configuration goes. */
export type ConfigFamily = 'pi' | 'omp';

const MODEL = {
  id: STAND_IN_MODEL,
  name: 'Stand-in (scripted, offline)',
  reasoning: false,
  // Images too: an agent sends a model without them no image a tool read ("show me an image").
  input: ['text', 'image'],
  // As a real model's: a small window sends oh-my-pi into compaction it says it cannot do.
  contextWindow: STAND_IN_CONTEXT_WINDOW,
  maxTokens: 4096,
};

/** The model that reasons, so that a thinking level can be chosen and heard in its reply. */
const THINKER = {
  ...MODEL,
  id: STAND_IN_THINKER,
  name: 'Stand-in thinker (scripted, offline)',
  reasoning: true,
};

/** oh-my-pi lists a model's efforts itself (pi derives them from `reasoning`). */
const THINKER_EFFORTS = ['low', 'medium', 'high'];

/** pi's and atomic's `models.json`: the stand-in as an OpenAI-compatible provider. */
export function piModelsJson(baseUrl: string): string {
  const provider = {
    baseUrl,
    apiKey: 'stand-in-key',
    api: 'openai-completions',
    models: [MODEL, THINKER],
  };
  return `${JSON.stringify({ providers: { [STAND_IN_PROVIDER]: provider } }, null, 2)}\n`;
}

/** oh-my-pi's `models.yml`: the same provider. */
export function ompModelsYml(baseUrl: string): string {
  return [
    '# rpc-ui: the stand-in model, on loopback.',
    'providers:',
    `  ${STAND_IN_PROVIDER}:`,
    `    baseUrl: ${baseUrl}`,
    '    apiKey: stand-in-key',
    '    api: openai-completions',
    '    models:',
    `      - id: ${MODEL.id}`,
    `        name: ${MODEL.name}`,
    '        reasoning: false',
    '        input: [text, image]',
    `        contextWindow: ${MODEL.contextWindow}`,
    `        maxTokens: ${MODEL.maxTokens}`,
    `      - id: ${THINKER.id}`,
    `        name: ${THINKER.name}`,
    '        reasoning: true',
    `        thinking: { mode: effort, efforts: [${THINKER_EFFORTS.join(', ')}] }`,
    '        input: [text, image]',
    `        contextWindow: ${THINKER.contextWindow}`,
    `        maxTokens: ${THINKER.maxTokens}`,
    '',
  ].join('\n');
}

/**
 * Write the stand-in's provider into `agentDir` (which exists) and return the flags that choose
 * its model.
 */
export function useStandIn(family: ConfigFamily, agentDir: string, baseUrl: string): string[] {
  if (family === 'omp') {
    writeFileSync(join(agentDir, 'models.yml'), ompModelsYml(baseUrl));
    return ['--model', `${STAND_IN_PROVIDER}/${STAND_IN_MODEL}`];
  }
  writeFileSync(join(agentDir, 'models.json'), piModelsJson(baseUrl));
  return ['--provider', STAND_IN_PROVIDER, '--model', STAND_IN_MODEL];
}
