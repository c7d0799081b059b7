// Every shipped locale of the server's table, by language (English is the table itself, in en.ts).
import de from './de.ts';
import fr from './fr.ts';
import es from './es.ts';
import it from './it.ts';
import pt from './pt.ts';
import nl from './nl.ts';
import pl from './pl.ts';
import ja from './ja.ts';
import zh from './zh.ts';
import ar from './ar.ts';
import he from './he.ts';

export const SERVER_LOCALES = { de, fr, es, it, pt, nl, pl, ja, zh, ar, he };
