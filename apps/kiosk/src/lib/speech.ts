// Spoken messages (a flow's "speak messages", verbal announcements): the browser's speech synthesis,
// in the language on screen, at the kiosk's volume.
export function speak(text: string, lang: string, volume: number): boolean {
  const synth = globalThis.speechSynthesis as SpeechSynthesis | undefined;
  if (!synth || !text.trim() || volume <= 0) return false;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = lang;
  utterance.volume = Math.min(1, Math.max(0, volume));
  const voice = synth.getVoices().find((v) => v.lang.toLowerCase().startsWith(lang));
  if (voice) utterance.voice = voice;
  synth.speak(utterance);
  return true;
}

export function stopSpeaking() {
  globalThis.speechSynthesis?.cancel();
}
