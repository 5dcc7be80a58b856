/**
 * Inside the frame when the embed code names no pool (malformed, or the price service says
 * `data: null`): a clear sentence, and the same to the host page as `pulse:error`. A server
 * component with an inline script, so a widget that works never downloads this.
 */
const notify = `(function(){try{var p=location.pathname.split('/').slice(3).map(function(s){try{return decodeURIComponent(s)}catch(e){return s}});if(window.parent!==window)window.parent.postMessage({type:'pulse:error',message:'No pool '+(p[2]||'')+' on '+(p[0]||'')+' chain '+(p[1]||'')+': check the chain and the address in the embed code.'},'*')}catch(e){}})()`;

export default function NotFound() {
  return (
    <div role="alert" className="grid min-h-[100dvh] place-items-center bg-bg p-4 text-center">
      <div className="max-w-sm">
        <p className="text-sm font-medium text-text">Pool not found</p>
        <p className="mt-1 text-[12px] text-muted">This chart names a pool that does not exist: check the chain and the address in the embed code.</p>
      </div>
      <script dangerouslySetInnerHTML={{ __html: notify }} />
    </div>
  );
}
