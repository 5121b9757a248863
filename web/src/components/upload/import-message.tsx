import { parseRefusal } from './refusal'
import './import-message.css'

/**
 * An import job's message: a refused file's count stands out above its problems, one per list
 * item (scrolling within a bounded box), and what was left unlisted closes it; any other text
 * (a summary, a file refused as a whole) keeps its line breaks.
 */
export function ImportMessage({ text }: { text: string }) {
  const refusal = parseRefusal(text)
  if (!refusal) return <pre className="import-message__text">{text}</pre>
  return (
    <div className="import-message">
      <p className="import-message__head">{refusal.head}</p>
      {refusal.problems.length > 0 && (
        <ol className="import-message__problems" aria-label={refusal.head}>
          {refusal.problems.map((problem, i) => (
            <li key={i}>{problem}</li>
          ))}
        </ol>
      )}
      {refusal.rest && <p className="import-message__rest">{refusal.rest}</p>}
    </div>
  )
}
