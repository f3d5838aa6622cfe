/** `npm run bench:engine`: part 1 alone (the Reversi engine), for iterating on the engine without a database. */
import { runEngineBench } from './engine';

runEngineBench((line) => process.stdout.write(`${line}\n`));
